// A Marquee app with no library: the app API's wire format (docs/apps.md) written out by hand. It connects to the
// content player, shows the context it gets, says "started" on `start`, and ends its slot with done() after
// config.doneAfterMs (or when clicked).
(function () {
  'use strict';

  var me = 'app-' + Math.random().toString(36).slice(2, 10);
  /** The content player's origin, pinned by the first pong that answers us. */
  var parentOrigin = null;
  var nextId = 1;
  var pending = {};
  var doneTimer = null;
  var config = {};
  /** Between `start` and `stop`: the app is on screen. */
  var running = false;
  /** What happened, for whoever watches the app (the end-to-end tests read it). */
  var log = [];
  window.marqueeApp = { log: log };

  function note(type, data) {
    log.push({ type: type, at: Date.now(), data: data });
  }

  function post(body) {
    window.parent.postMessage(JSON.stringify(body), parentOrigin || '*');
  }

  function call(method, args) {
    var id = nextId++;
    post({ call: { id: id, method: method, args: args || [] } });
    return new Promise(function (resolve, reject) {
      pending[id] = { resolve: resolve, reject: reject };
    });
  }

  function done() {
    call('done').then(
      function () {
        note('done');
      },
      function (error) {
        note('done refused', error);
      },
    );
  }

  function show(context) {
    config = context.config || {};
    document.getElementById('greeting').textContent = config.greeting || 'Hello from a custom app';
    document.getElementById('screen').textContent = context.screen ? context.screen.name : 'unknown';
    document.getElementById('zone').textContent =
      context.zone.width + ' × ' + context.zone.height + ' (' + context.orientation + ')';
    document.getElementById('context').textContent = JSON.stringify(context, null, 2);
  }

  function setState(state) {
    var element = document.getElementById('state');
    element.textContent = state;
    element.setAttribute('data-state', state);
  }

  /** Ends the slot config.doneAfterMs after `start`, when the configuration asks for it. */
  function armDone() {
    clearTimeout(doneTimer);
    if (running && typeof config.doneAfterMs === 'number') doneTimer = setTimeout(done, config.doneAfterMs);
  }

  var handlers = {
    start: function () {
      note('start');
      setState('started');
      running = true;
      armDone();
    },
    stop: function () {
      note('stop');
      setState('stopped');
      running = false;
      clearTimeout(doneTimer);
    },
  };

  function onConnected() {
    note('connected');
    // The context first, then the events: an app already on screen gets `start` as soon as it subscribes.
    call('getContext').then(function (context) {
      note('context', context);
      show(context);
      post({ subscribe: 'start' });
      post({ subscribe: 'stop' });
    });
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent || typeof event.data !== 'string') return;
    if (parentOrigin !== null && event.origin !== parentOrigin) return;
    var message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return; // not a message of the app API
    }
    if (message === null || typeof message !== 'object') return;
    if (message.pong && message.pong.to === me && parentOrigin === null) {
      parentOrigin = event.origin;
      clearInterval(pinging);
      onConnected();
    } else if (message.ping) {
      post({ pong: { to: message.ping.from, from: me, connection: message.ping.connection } });
    } else if (message.result && pending[message.result.id]) {
      var waiting = pending[message.result.id];
      delete pending[message.result.id];
      if (message.result.error != null) waiting.reject(message.result.error);
      else waiting.resolve(message.result.value);
    } else if (message.event && handlers[message.event.type]) {
      handlers[message.event.type](message.event.data);
    }
  });

  // Ping until the content player answers (it answers at once once it listens).
  function ping() {
    post({ ping: { from: me, connection: '1' } });
  }
  var pinging = setInterval(ping, 100);
  ping();

  document.getElementById('app').addEventListener('click', done);
})();
