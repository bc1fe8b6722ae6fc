// The settings sidebar (docs/player.md §Sidebar): every control in the documented order, each shown only when its
// condition holds; the footer with IP and connection type, uptime and the version (the debug-mode tap target). Dumb:
// state and effects come from the Player's hooks.

import {
  DAILY_RESTART_SLOTS,
  ORIENTATION_OPTIONS,
  SCREEN_NAME_MAX_LENGTH,
  type Orientation,
} from '@marquee/protocol';

const NAME_HINT = `${SCREEN_NAME_MAX_LENGTH} characters maximum`;

export interface SidebarProps {
  name: string;
  nameError: string | null;
  onNameChange: (name: string) => void;
  orientation: Orientation;
  onOrientationChange: (orientation: Orientation) => void;
  showMute: boolean;
  muted: boolean;
  onMuteChange: (muted: boolean) => void;
  showDailyRestart: boolean;
  dailyRestart: boolean;
  dailyRestartTime: string;
  onDailyRestartChange: (on: boolean) => void;
  onDailyRestartTimeChange: (slot: string) => void;
  showFullscreen: boolean;
  onFullscreen: () => void;
  onReload: () => void;
  showInstall: boolean;
  onInstall: () => void;
  showClearCache: boolean;
  onClearCache: () => void;
  showCopyUniqueUrl: boolean;
  copied: boolean;
  onCopyUniqueUrl: () => void;
  showReboot: boolean;
  onReboot: () => void;
  onResetPairing: () => void;
  ip: string;
  connectionType: string;
  uptime: string;
  version: string;
  online: boolean;
  debugMode: boolean;
  onVersionTap: () => void;
}

function Switch({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="switch" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="switch__track" aria-hidden="true" />
    </label>
  );
}

export function Sidebar(props: SidebarProps) {
  return (
    <aside className="sidebar" aria-label="Settings" onPointerDown={(event) => event.stopPropagation()}>
      <header className="sidebar__header">
        <span className="sidebar__brand">Marquee</span>
        <span
          className={`status-dot${props.online ? ' status-dot--online' : ''}`}
          title={props.online ? 'Online' : 'Offline'}
        />
        {props.debugMode && <span className="badge">Debug</span>}
      </header>
      <div className="sidebar__body">
        <div className="field">
          <label htmlFor="screen-name" className="field__label">
            Screen Name
          </label>
          <input
            id="screen-name"
            className={`input${props.nameError ? ' input--invalid' : ''}`}
            value={props.name}
            onChange={(event) => props.onNameChange(event.target.value)}
            aria-invalid={props.nameError !== null}
            aria-describedby="screen-name-hint"
          />
          <small id="screen-name-hint" className={props.nameError ? 'field__error' : 'field__hint'}>
            {props.nameError ?? NAME_HINT}
          </small>
        </div>

        <fieldset className="field">
          <legend className="field__label">Orientation</legend>
          <div className="segmented" role="radiogroup" aria-label="Orientation">
            {ORIENTATION_OPTIONS.map((option) => (
              <button
                key={option.value}
                type="button"
                role="radio"
                aria-checked={props.orientation === option.value}
                className={`segmented__option${props.orientation === option.value ? ' segmented__option--active' : ''}`}
                onClick={() => props.onOrientationChange(option.value)}
              >
                {option.label}
              </button>
            ))}
          </div>
        </fieldset>

        {props.showMute && (
          <Switch id="mute" label="Mute" checked={props.muted} onChange={props.onMuteChange} />
        )}

        {props.showDailyRestart && (
          <div className="field">
            <Switch
              id="daily-restart"
              label="Daily restart"
              checked={props.dailyRestart}
              onChange={props.onDailyRestartChange}
            />
            <select
              className="input"
              aria-label="Daily restart time"
              value={props.dailyRestartTime}
              disabled={!props.dailyRestart}
              onChange={(event) => props.onDailyRestartTimeChange(event.target.value)}
            >
              {DAILY_RESTART_SLOTS.map((slot) => (
                <option key={slot.value} value={slot.value}>
                  {slot.label}
                </option>
              ))}
            </select>
          </div>
        )}

        <div className="actions">
          {props.showFullscreen && (
            <button type="button" className="button" onClick={props.onFullscreen}>
              Fullscreen
            </button>
          )}
          <button type="button" className="button" onClick={props.onReload}>
            Reload
          </button>
          {props.showInstall && (
            <button type="button" className="button" onClick={props.onInstall}>
              Install App
            </button>
          )}
          {props.showClearCache && (
            <button type="button" className="button" onClick={props.onClearCache}>
              Clear cache
            </button>
          )}
          {props.showCopyUniqueUrl && (
            <button type="button" className="button" onClick={props.onCopyUniqueUrl}>
              {props.copied ? 'Copied!' : 'Copy unique URL'}
            </button>
          )}
          {props.showReboot && (
            <button type="button" className="button button--danger-outline" onClick={props.onReboot}>
              Reboot
            </button>
          )}
          <button
            type="button"
            className="button button--danger-outline button--wide"
            onClick={props.onResetPairing}
          >
            Reset Pairing
          </button>
        </div>
      </div>
      <footer className="sidebar__footer">
        <div>
          <span className="footer__label">IP</span> {props.ip} · {props.connectionType}
        </div>
        <div>
          <span className="footer__label">Uptime</span> {props.uptime}
        </div>
        <button type="button" className="version" onClick={props.onVersionTap} data-testid="version">
          v{props.version}
        </button>
      </footer>
    </aside>
  );
}
