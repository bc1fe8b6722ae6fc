// A team in the studio in Chromium (docs/teams.md): the owner invites an editor and a viewer through the Members
// page; each accepts the link in a browser of their own and is signed in; the editor adds a playlist, which the
// viewer sees but has no control to change (and the API refuses the viewer's own token, 403); the owner's Audit
// log shows the editor's change and both invitations.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { saveScreenshot } from '../harness/artifacts';
import { useStage } from '../harness/stage';
import { api } from './player.support';
import { signInToStudio } from './studio.support';

const PASSWORD = 'correct horse 42';
const SESSION_KEY = 'marquee-studio-session';
const VIEWPORT = { width: 1400, height: 900 };

describe('studio: teams', () => {
  const stage = useStage(['studio']);
  const contexts: BrowserContext[] = [];
  const stamp = Date.now();
  const ownerEmail = `owner-${stamp}@corner.example`;
  const editorEmail = `editor-${stamp}@corner.example`;
  const viewerEmail = `viewer-${stamp}@corner.example`;
  const links = new Map<string, string>();
  let owner: Page;
  let editor: Page;
  let viewer: Page;

  async function pageOfItsOwn(): Promise<Page> {
    const context = await stage.browser.newContext({ viewport: VIEWPORT });
    contexts.push(context);
    return context.newPage();
  }

  async function invite(email: string, role: 'Editor' | 'Viewer') {
    await owner.getByRole('button', { name: 'Invite a member' }).click();
    const dialog = owner.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('textbox', { name: 'Role' }).click();
    await owner.getByRole('option', { name: role, exact: true }).click();
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const link = (await dialog.getByTestId('invitation-link').textContent()) ?? '';
    await dialog.getByText('It will not be shown again').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await owner.getByRole('table', { name: 'Pending invitations' }).getByText(email).waitFor();
    expect(await owner.content()).not.toContain(link);
    links.set(email, link);
  }

  /** Opens an invitation link as it was handed over and chooses a password: signed in, on the screens list. */
  async function accept(page: Page, email: string) {
    const token = new URLSearchParams(new URL(links.get(email)!).hash.slice(1)).get('token');
    expect(token).toBeTruthy();
    // The link's token, opened on this studio (the server's public URL may name another host in a deployment).
    await page.goto(`${stage.server.url}/studio/accept-invitation#token=${encodeURIComponent(token!)}`);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL(/\/studio\/screens$/);
  }

  beforeAll(async () => {
    const signedUp = await api(stage.server, 'POST', '/api/v1/auth/signup', {
      email: ownerEmail,
      password: PASSWORD,
      orgName: 'Corner Coffee',
    });
    expect(signedUp.status).toBe(201);
    owner = await pageOfItsOwn();
    await signInToStudio(owner, stage.server.url, ownerEmail, PASSWORD);
    await owner.getByRole('link', { name: 'Members' }).click();
    await owner.getByRole('table', { name: 'Members' }).getByText(ownerEmail).waitFor();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('the owner invites an editor and a viewer; the link is shown once', async () => {
    await invite(editorEmail, 'Editor');
    await invite(viewerEmail, 'Viewer');
    await saveScreenshot(owner, 'studio-teams-members');
  });

  it('each accepts in a browser of their own and is signed in with their role', async () => {
    editor = await pageOfItsOwn();
    viewer = await pageOfItsOwn();
    await accept(editor, editorEmail);
    await accept(viewer, viewerEmail);
    await owner.reload();
    const members = owner.getByRole('table', { name: 'Members' });
    await members.getByText(editorEmail).waitFor();
    await members.getByText(viewerEmail).waitFor();
  });

  it('the editor adds a playlist; the viewer sees it and has no control to change it', async () => {
    await viewer.getByRole('link', { name: 'Playlists' }).click();
    const viewerNew = viewer.getByRole('button', { name: 'New playlist' }).first();
    await viewerNew.waitFor();
    await expect.poll(() => viewerNew.isDisabled()).toBe(true);
    // Pages a viewer cannot read are not offered.
    expect(await viewer.getByRole('link', { name: 'Members' }).count()).toBe(0);
    expect(await viewer.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);

    await editor.getByRole('link', { name: 'Playlists' }).click();
    await editor.getByRole('button', { name: 'New playlist' }).first().click();
    const dialog = editor.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Lunch specials');
    await dialog.getByRole('button', { name: 'Create playlist' }).click();
    await editor.waitForURL(/\/studio\/playlists\/[^/]+$/);
    const playlistId = editor.url().split('/').pop()!;

    await viewer.reload();
    await viewer.getByRole('link', { name: 'Lunch specials' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Delete Lunch specials' }).count()).toBe(0);
    await viewer.getByRole('link', { name: 'Lunch specials' }).click();
    await viewer.getByTestId('read-only').getByText('Editors and above can change playlists').waitFor();
    expect(await viewer.getByRole('button', { name: 'Save playlist' }).isDisabled()).toBe(true);
    expect(await viewer.getByLabel('Playlist name').isDisabled()).toBe(true);

    // The server refuses the viewer anyway, with the viewer's own token.
    const session = JSON.parse(
      (await viewer.evaluate((key) => localStorage.getItem(key), SESSION_KEY)) ?? 'null',
    );
    const token = (session as { idToken: string }).idToken;
    const rename = await api(
      stage.server,
      'PATCH',
      `/api/v1/playlists/${playlistId}`,
      { name: 'Mine' },
      token,
    );
    expect(rename.status).toBe(403);
    const create = await api(stage.server, 'POST', '/api/v1/playlists', { name: 'Mine', items: [] }, token);
    expect(create.status).toBe(403);
    const read = await api<{ name: string }>(
      stage.server,
      'GET',
      `/api/v1/playlists/${playlistId}`,
      undefined,
      token,
    );
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Lunch specials');
  });

  it("the owner's Audit log shows the editor's change and both invitations", async () => {
    await owner.getByRole('link', { name: 'Audit log' }).click();
    const log = owner.getByRole('table', { name: 'Audit log' });
    const change = log
      .getByRole('row')
      .filter({ hasText: editorEmail })
      .filter({ hasText: /playlist/i });
    await change.first().waitFor();
    await expect
      .poll(() =>
        log
          .getByRole('row')
          .filter({ hasText: /invitation/i })
          .count(),
      )
      .toBeGreaterThanOrEqual(2);
    await change.first().click();
    await owner
      .getByRole('table', { name: 'Before and after' })
      .getByText('"Lunch specials"')
      .first()
      .waitFor();
    await saveScreenshot(owner, 'studio-teams-audit');
  });
});
