// /api/v1: the management API of the studio and integrators (docs/management-api.md), its routes and schemas from
// the contract (@marquee/management-api). Sign-up and sign-in are open (and rate limited per address); every other
// route requires an operator ID token and reaches only the operator's organisation, with the role the contract's
// access table names for it.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorAuthentication } from './authenticate';
import { authRoutes } from './authRoutes';
import { commandRoutes } from './commandRoutes';
import { deviceRoutes } from './deviceRoutes';
import { diagnosticsRoutes } from './diagnosticsRoutes';
import { mediaRoutes } from './mediaRoutes';
import { libraryRoutes } from './libraryRoutes';
import { layoutRoutes } from './layoutRoutes';
import { feedPreviewRoutes } from './feedPreviewRoutes';
import { pairingRoutes } from './pairingRoutes';
import { enforceRouteAccess } from './routeAccess';
import { memberRoutes } from './memberRoutes';
import { teamAuthRoutes } from './teamAuthRoutes';
import { scheduleRoutes } from './scheduleRoutes';
import { playRoutes } from '../plays/playRoutes';

import { screenRoutes } from './screenRoutes';
import { webhookRoutes } from '../webhooks/webhookRoutes';
import { alertRuleRoutes } from '../alerts/alertRuleRoutes';
import { healthRoutes } from '../health/healthRoutes';
import { apiKeyRateLimit } from '../apiKeys/apiKeyRateLimit';
import { apiKeyRoutes } from './apiKeyRoutes';
import { auditRoutes } from './auditRoutes';
import { ssoSettingsRoutes, ssoSignInRoutes } from './ssoRoutes';

export const managementApi: FastifyPluginAsyncZod = async (app) => {
  // Before any route: each is given the role it needs (routeAccess.ts), or the server does not start.
  enforceRouteAccess(app);
  await app.register(authRoutes);
  await app.register(teamAuthRoutes);
  await app.register(ssoSignInRoutes);
  await app.register(async (operatorScope) => {
    // onRequest: the caller is known before any body is read, so nobody unauthenticated can make the server parse
    // (or store) an upload.
    operatorScope.addHook('onRequest', operatorAuthentication(app.services.operators, app.services.apiKeys));
    // After the caller is known: calls with an API key count against the key's limit.
    operatorScope.addHook('onRequest', apiKeyRateLimit(app));
    await operatorScope.register(screenRoutes);
    await operatorScope.register(pairingRoutes);
    await operatorScope.register(commandRoutes);
    await operatorScope.register(diagnosticsRoutes);
    await operatorScope.register(deviceRoutes);
    await operatorScope.register(mediaRoutes);
    await operatorScope.register(libraryRoutes);
    await operatorScope.register(scheduleRoutes);
    await operatorScope.register(layoutRoutes);
    await operatorScope.register(feedPreviewRoutes);
    await operatorScope.register(webhookRoutes);
    await operatorScope.register(healthRoutes);
    await operatorScope.register(alertRuleRoutes);
    await operatorScope.register(playRoutes);
    await operatorScope.register(apiKeyRoutes);
    await operatorScope.register(auditRoutes);
    await operatorScope.register(memberRoutes);
    await operatorScope.register(ssoSettingsRoutes);
  });
};
