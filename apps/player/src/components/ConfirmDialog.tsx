// The confirm dialog (docs/player.md §Sidebar): 'No, cancel' and "Yes, I'm sure".

const CANCEL_LABEL = 'No, cancel';
const CONFIRM_LABEL = "Yes, I'm sure";

export function ConfirmDialog({
  message,
  onConfirm,
  onCancel,
}: {
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="dialog-backdrop" onPointerDown={(event) => event.stopPropagation()}>
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-message">
        <p id="confirm-message" className="dialog__message">
          {message}
        </p>
        <div className="dialog__buttons">
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {CANCEL_LABEL}
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} autoFocus>
            {CONFIRM_LABEL}
          </button>
        </div>
      </div>
    </div>
  );
}
