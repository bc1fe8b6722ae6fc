// The message a page sends its content worker when it is not under its control, though the worker is active.
// A worker claims the pages it finds when it activates; a page that was still loading then, or that loaded while
// its registration was being removed (its own register() then revives the old registration, which never activates
// again), stays uncontrolled, and a restart without network would find nothing kept for it.
export const CLAIM_REQUEST = 'marquee-content-claim';
