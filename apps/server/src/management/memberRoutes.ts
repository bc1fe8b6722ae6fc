// /api/v1/members, /api/v1/invitations, a member's reset link, the caller's password, and the organisation itself
// (docs/teams.md). Who may call each is in the contract's access table; the rules it cannot express are the
// services' (members/).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGEMENT_ROUTES } from '@marquee/management-api';
import { OPERATOR_SECURITY } from '../http/openApiSecurity';
import { AUTH_BODY_LIMIT } from './authRoutes';
import { operatorOf } from './authenticate';
import { contractSchema } from './contractRoute';

const R = MANAGEMENT_ROUTES;

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members, invitations, passwords, orgs, operators } = app.services;
  const docs = { tags: ['team'], security: OPERATOR_SECURITY };

  app.route({
    method: R.listMembers.method,
    url: R.listMembers.path,
    schema: {
      ...contractSchema(R.listMembers),
      summary: "The organisation's members and their roles",
      ...docs,
    },
    handler: async (request) => ({ members: await members.list(operatorOf(request).orgId) }),
  });
  app.route({
    method: R.updateMember.method,
    url: R.updateMember.path,
    schema: {
      ...contractSchema(R.updateMember),
      summary: "Change a member's role (never above your own; the last owner cannot be demoted)",
      ...docs,
    },
    handler: async (request) => members.updateRole(operatorOf(request), request.params.id, request.body.role),
  });
  app.route({
    method: R.removeMember.method,
    url: R.removeMember.path,
    schema: {
      ...contractSchema(R.removeMember),
      summary: 'Remove a member: their tokens stop working at once (the last owner cannot be removed)',
      ...docs,
    },
    handler: async (request) => members.remove(operatorOf(request), request.params.id),
  });
  app.route({
    method: R.createPasswordResetLink.method,
    url: R.createPasswordResetLink.path,
    schema: {
      ...contractSchema(R.createPasswordResetLink),
      summary: 'Make a password reset link for a member, to hand over yourself (for installs without SMTP)',
      ...docs,
    },
    handler: async (request, reply) =>
      reply.status(201).send(await passwords.createResetLink(operatorOf(request), request.params.id)),
  });

  app.route({
    method: R.createInvitation.method,
    url: R.createInvitation.path,
    bodyLimit: AUTH_BODY_LIMIT,
    schema: {
      ...contractSchema(R.createInvitation),
      summary: 'Invite an email address with a role; answers the link (shown once) and emails it with SMTP',
      ...docs,
    },
    handler: async (request, reply) =>
      reply.status(201).send(await invitations.create(operatorOf(request), request.body)),
  });
  app.route({
    method: R.listInvitations.method,
    url: R.listInvitations.path,
    schema: { ...contractSchema(R.listInvitations), summary: 'Pending invitations', ...docs },
    handler: async (request) => ({ invitations: await invitations.list(operatorOf(request).orgId) }),
  });
  app.route({
    method: R.revokeInvitation.method,
    url: R.revokeInvitation.path,
    schema: {
      ...contractSchema(R.revokeInvitation),
      summary: 'Revoke an invitation: its link stops working',
      ...docs,
    },
    handler: async (request) => invitations.revoke(operatorOf(request), request.params.id),
  });

  app.route({
    method: R.changePassword.method,
    url: R.changePassword.path,
    bodyLimit: AUTH_BODY_LIMIT,
    schema: {
      ...contractSchema(R.changePassword),
      summary: 'Change your password: every other session ends; answers a new session',
      ...docs,
    },
    handler: async (request) => {
      const { currentPassword, newPassword } = request.body;
      return operators.session(await passwords.change(operatorOf(request), currentPassword, newPassword));
    },
  });

  app.route({
    method: R.transferOwnership.method,
    url: R.transferOwnership.path,
    schema: {
      ...contractSchema(R.transferOwnership),
      summary: 'Make another member owner; you become admin',
      ...docs,
    },
    handler: async (request) => ({
      members: await members.transferOwnership(operatorOf(request), request.body.memberId),
    }),
  });
  app.route({
    method: R.deleteOrg.method,
    url: R.deleteOrg.path,
    bodyLimit: AUTH_BODY_LIMIT,
    schema: {
      ...contractSchema(R.deleteOrg),
      summary: 'Delete the organisation and everything of it; its screens go back to pairing. Type its name',
      ...docs,
    },
    handler: async (request) => orgs.delete(operatorOf(request), request.body.confirmName),
  });
};
