import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AlertsPage } from './alerts/AlertsPage';
import { AuthPage } from './auth/AuthPage';
import { AppLayout } from './layout/AppLayout';
import { RequireSession } from './layout/RequireSession';
import { GroupsPage } from './groups/GroupsPage';
import { MediaPage } from './media/MediaPage';
import { PlaylistsPage } from './playlists/PlaylistsPage';
import { PairPage } from './screens/PairPage';
import { ReportsPage } from './reports/ReportsPage';
import { ScreenPage } from './screens/ScreenPage';
import { ScreensPage } from './screens/ScreensPage';
import { WebhooksPage } from './webhooks/WebhooksPage';
import { SsoPage } from './sso/SsoPage';
import { AcceptInvitationPage } from './passwords/AcceptInvitationPage';
import { ApiKeysPage } from './apiKeys/ApiKeysPage';
import { AuditPage } from './audit/AuditPage';
import { ForgotPasswordPage } from './passwords/ForgotPasswordPage';
import { MembersPage } from './members/MembersPage';
import { ResetPasswordPage } from './passwords/ResetPasswordPage';

// The playlist editor (with its drag-and-drop kit) and the schedule calendar load when first opened.
const PlaylistPage = lazy(() =>
  import('./playlists/PlaylistPage').then((module) => ({ default: module.PlaylistPage })),
);
// The layout editor and its list load when first opened (docs/layouts.md §Studio).
const LayoutsPage = lazy(() =>
  import('./layouts/LayoutsPage').then((module) => ({ default: module.LayoutsPage })),
);
const LayoutPage = lazy(() =>
  import('./layouts/LayoutPage').then((module) => ({ default: module.LayoutPage })),
);
const SchedulesPage = lazy(() =>
  import('./schedules/SchedulesPage').then((module) => ({ default: module.SchedulesPage })),
);

export function App() {
  return (
    <Routes>
      <Route path="/signin" element={<AuthPage mode="signin" />} />
      <Route path="/signup" element={<AuthPage mode="signup" />} />
      <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/forgot-password" element={<ForgotPasswordPage />} />
      <Route element={<RequireSession />}>
        <Route element={<AppLayout />}>
          <Route path="/screens" element={<ScreensPage />} />
          <Route path="/screens/:id" element={<ScreenPage />} />
          <Route path="/pair" element={<PairPage />} />
          <Route path="/media" element={<MediaPage />} />
          <Route path="/playlists" element={<PlaylistsPage />} />
          <Route path="/playlists/:id" element={<PlaylistPage />} />
          <Route path="/layouts" element={<LayoutsPage />} />
          <Route path="/layouts/:id" element={<LayoutPage />} />
          <Route path="/groups" element={<GroupsPage />} />
          <Route path="/schedules" element={<SchedulesPage />} />
          <Route path="/webhooks" element={<WebhooksPage />} />
          <Route path="/alerts" element={<AlertsPage />} />
          <Route path="/reports" element={<ReportsPage />} />
          <Route path="/sso" element={<SsoPage />} />
          <Route path="/members" element={<MembersPage />} />
          <Route path="/api-keys" element={<ApiKeysPage />} />
          <Route path="/audit" element={<AuditPage />} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/screens" replace />} />
    </Routes>
  );
}
