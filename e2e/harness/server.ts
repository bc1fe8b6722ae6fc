// The server of an e2e test file is the testbed's: the compiled server in its own process, on a free port with a
// throw-away data folder; `stop()`/`kill()` and `start()` again on the same port and data show what a user sees
// when it goes away and comes back.
export { REPO_ROOT, type MarqueeServer as RunningServer } from '@marquee/testbed';
