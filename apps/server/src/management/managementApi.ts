// /api/v1: the management API of the studio and integrators (DESIGN.md §5). Sign-up and sign-in are open (and
// rate limited per address); every other route requires an operator ID token and reaches only the operator's
// organisation.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_MEDIA_MAX_BYTES } from '../media/mediaFiles';
import { authRoutes } from './auth';
import { operatorAuthentication } from './authenticate';
import { commandRoutes } from './commands';
import { deviceRoutes } from './devices';
import { diagnosticsRoutes } from './diagnostics';
import { mediaRoutes } from './media';
import { pairingRoutes } from './pairing';
import { screenRoutes } from './screens';

export interface ManagementApiOptions {
  /** Largest media upload in bytes (default DEFAULT_MEDIA_MAX_BYTES). */
  mediaMaxBytes?: number;
}

export const managementApi: FastifyPluginAsyncZod<ManagementApiOptions> = async (app, options) => {
  await app.register(authRoutes);
  await app.register(async (operatorScope) => {
    // onRequest: the caller is known before any body is read, so nobody unauthenticated can make the server parse
    // (or store) an upload.
    operatorScope.addHook('onRequest', operatorAuthentication(app.services.identity));
    await operatorScope.register(screenRoutes);
    await operatorScope.register(pairingRoutes);
    await operatorScope.register(commandRoutes);
    await operatorScope.register(diagnosticsRoutes);
    await operatorScope.register(deviceRoutes);
    await operatorScope.register(mediaRoutes, { maxBytes: options.mediaMaxBytes ?? DEFAULT_MEDIA_MAX_BYTES });
  });
};
