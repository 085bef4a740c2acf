// The loader a site includes to embed the chat (README.md, "Embedding the widget"). It draws the
// launcher, opens the chat in an iframe of this server's `/?mode=embedded`, and gives the page
// `WebimWidget(command, ...args)` with events. A classic script with no dependencies, so that a
// `<script async>` works on any page; the calls a page made before it arrived (the snippet's
// queueing stub, `WebimWidget.q`) run once it has.
//
// A facade: the launcher draws at once, the frame (the chat's whole page) only when it is wanted: the
// pointer on the launcher or its keyboard focus, a command that needs the chat (`open`, `send`...), or
// the browser idle a while after the page's load. Until then the launcher shows the unread count it
// remembered from the last page (`kept`, the site's localStorage), and commands wait.
//
// The bridge to the iframe is postMessage with one versioned shape,
// `{webimWidget: 1, kind: 'command' | 'event', name, args | detail}`: this side takes events only
// from the widget's origin and its own frame, the frame takes commands only from the sites the
// server lists (`--embed-origins`). Anything else is ignored, and said once in the console.
(() => {
  const VERSION = 1;
  const script = document.currentScript ?? document.querySelector('script[src*="/embed.js"]');
  const stub = window.WebimWidget;
  if (!script || stub?.version) return;
  const widgetOrigin = new URL(script.src, location.href).origin;
  const data = script.dataset;
  /** The widget options the frame's URL carries (Sources/WidgetServer/README.md). */
  const options = {};
  for (const name of 'title subtitle icon palette accent font fontSize radius visitorBubble operatorBubble placeholder prefill invitation offline locale dark dir location consent persist'.split(' ')) {
    if (data[name]) options[name] = data[name];
  }
  const notifications = ['onOpen', 'onSend'].includes(data.notifications) ? data.notifications : 'never';
  const left = data.position === 'left';
  const side = left ? 'left' : 'right';
  const phone = matchMedia(`(max-width: ${Number(data.mobileWidth) || 640}px)`);
  /** The launcher's words: English until the frame, which has the page's strings, sends its own. */
  let labels = { open: 'Open the chat', close: 'Close the chat', chat: 'Chat', unread: '{n} unread' };
  const COLOURS = { blue: '#1c64f2', green: '#15803d', graphite: '#374151' };

  /**
   * The last unread count the frame told, kept in the site's localStorage for the launcher of the visitor's next
   * page: none for 0. A page may refuse storage (a sandbox, a setting): then nothing is remembered.
   */
  const kept = (act) => {
    try {
      return act(localStorage, 'webim-widget.unread');
    } catch {}
  };
  const state = {
    open: false,
    shown: true,
    ready: false,
    consent: 'pending',
    // Bounded: the badge says 99+ beyond 99.
    unread: Math.max(0, Math.min(100, kept((s, key) => s.getItem(key)) | 0)),
    status: 'unknown',
    invitation: '',
  };
  /** Commands for the frame until it says it is ready. */
  let waiting = [];
  /** The visitor and fields the site set: every new page in the frame hears them again. */
  let sticky = {};
  const listeners = new Map();
  let warned = false;
  const warnOnce = (why) => {
    if (!warned) console.warn(`WebimWidget: ignored ${why}`);
    warned = true;
  };

  const root = document.createElement('div');
  root.dataset.webimWidget = '';
  const shadow = root.attachShadow({ mode: 'open' });
  // A constructed sheet is no inline style, so a host page's CSP cannot refuse it; nor can its CSS reach in
  // (the shadow root).
  const sheet = new CSSStyleSheet();
  // Written tight: it travels in every site's page.
  sheet.replaceSync(
    `:host{all:initial}:host([hidden]){display:none}button,.panel{position:fixed;z-index:2147483000}` +
      `button{bottom:20px;${side}:20px;width:56px;height:56px;border:0;border-radius:50%;background:var(--accent);color:#fff;cursor:pointer;box-shadow:0 4px 14px #0005}` +
      `button:focus-visible{outline:3px solid var(--accent);outline-offset:3px}svg{width:28px;height:28px;vertical-align:middle}` +
      `.badge{position:absolute;top:-4px;${left ? 'right' : 'left'}:-4px;min-width:20px;padding:0 5px;box-sizing:border-box;border-radius:10px;background:#b91c1c;color:#fff;font:600 12px/20px system-ui,sans-serif}` +
      `.dot{position:absolute;bottom:2px;${side}:2px;width:12px;height:12px;border:2px solid #fff;border-radius:50%;background:#9ca3af}` +
      `.dot[data-status=online]{background:#16a34a}.dot[data-status=busyOnline]{background:#d97706}` +
      `.panel{bottom:88px;${side}:20px;width:370px;height:min(600px,calc(100vh - 108px));border-radius:12px;overflow:hidden;box-shadow:0 8px 30px #0004;background:Canvas}` +
      `.panel.phone{inset:0;width:100%;height:100%;border-radius:0}iframe{width:100%;height:100%;border:0}[hidden]{display:none!important}` +
      `button:hover{filter:brightness(1.1)}` +
      `.teaser{bottom:88px;width:auto;max-width:260px;height:auto;padding:8px 12px;border-radius:12px;background:Canvas;color:CanvasText;font:14px system-ui}`,
  );
  shadow.adoptedStyleSheets = [sheet];
  const SVG = 'http://www.w3.org/2000/svg';
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-controls', 'webim-widget-panel');
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('fill', 'currentColor');
  path.setAttribute('d', 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z');
  svg.append(path);
  /** A mark on the launcher, which the button's label already says in words. */
  const mark = (className) => {
    const span = document.createElement('span');
    span.className = className;
    span.setAttribute('aria-hidden', 'true');
    return span;
  };
  const badge = mark('badge');
  const dot = mark('dot');
  button.append(svg, badge, dot);
  const panel = document.createElement('div');
  panel.className = 'panel';
  panel.id = 'webim-widget-panel';
  /** The chat's frame, made when it is first wanted (`load`). */
  let frame = null;
  // An operator's proactive invitation, beside the closed launcher; a press opens the chat.
  const teaser = document.createElement('button');
  teaser.className = 'teaser';
  shadow.append(button, teaser, panel);

  function frameUrl() {
    return `${widgetOrigin}/?${new URLSearchParams({ mode: 'embedded', host: location.origin, ...options })}`;
  }

  function render() {
    root.hidden = !state.shown;
    panel.hidden = !state.open;
    panel.classList.toggle('phone', phone.matches);
    button.style.setProperty('--accent', options.accent || COLOURS[options.palette] || COLOURS.blue);
    button.setAttribute('aria-expanded', String(state.open));
    badge.hidden = state.unread === 0;
    badge.textContent = state.unread > 99 ? '99+' : String(state.unread);
    dot.hidden = state.status === 'unknown';
    dot.dataset.status = state.status;
    const status = labels[state.status];
    const unread = state.unread > 0 && labels.unread ? `, ${labels.unread.replace('{n}', state.unread)}` : '';
    button.setAttribute('aria-label', `${labels[state.open ? 'close' : 'open']}${status ? ` (${status})` : ''}${unread}`);
    if (frame) frame.title = options.title || labels.chat;
    teaser.hidden = state.open || !state.invitation;
    teaser.textContent = state.invitation;
  }

  function emit(name, detail = {}) {
    for (const listener of listeners.get(name) ?? []) {
      try {
        listener(detail);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** Makes the frame, once: nothing of the chat loads before this. */
  function load() {
    if (frame) return;
    // Not before the page's load event, which a loading frame would hold back.
    if (document.readyState !== 'complete') return addEventListener('load', load);
    frame = document.createElement('iframe');
    frame.src = frameUrl();
    panel.append(frame);
    render();
  }

  /** A command for the frame; it is loaded for it unless the command can wait for it (a closed panel, the site's fields). */
  function send(name, ...args) {
    if (state.ready) return frame.contentWindow?.postMessage({ webimWidget: VERSION, kind: 'command', name, args }, widgetOrigin);
    waiting.push([name, args]);
    if (!['close', 'setVisitor', 'setCustomFields', 'prechat'].includes(name)) load();
  }

  /** A command that every new page in the frame hears again: the visitor, the fields, the pre-chat answers. */
  const remembered = (command) => (value) => send(command, ...(sticky[command] = [value]));

  function askPermission() {
    if (globalThis.Notification?.permission === 'default') void Notification.requestPermission();
  }

  /** Opens or closes the panel; `focus` (the visitor's own press opened it): the focus goes into the chat. */
  function setOpen(open, focus = false) {
    if (state.open === open) return;
    state.open = open;
    render();
    send(open ? 'open' : 'close', focus);
    if (focus) frame?.focus(); // none yet when pressed before the page's load
    emit(open ? 'open' : 'close');
    if (open && notifications === 'onOpen') askPermission();
  }

  /** A changed locale or theme is a new page in the frame; its tab resumes where it was. */
  function reload() {
    if (!frame) return; // the frame will load with the new options
    state.ready = false;
    frame.src = frameUrl();
  }

  /** The launcher's unread count, remembered for the next page (a visitor erased has none: `forget`). */
  function setUnread(count) {
    state.unread = count;
    kept((s, key) => (count > 0 ? s.setItem(key, count) : s.removeItem(key)));
  }

  /** A new visitor, one logged out, or one who withdrew consent: the site keeps nothing of the last one. */
  function forget() {
    sticky = {};
    state.invitation = '';
    setUnread(0);
    render();
  }

  /** What the frame tells: the public events, and what the launcher shows. */
  function received(name, detail) {
    if (name === 'ready') {
      state.ready = true;
      state.consent = detail.consent === 'given' ? 'given' : 'pending';
      labels = { ...labels, ...detail.labels };
      const queued = waiting;
      waiting = [];
      send(state.open ? 'open' : 'close');
      for (const [command, args] of [...Object.entries(sticky), ...queued]) send(command, ...args);
      // With the count the launcher shows, which the frame corrects once it knows the real one.
      send('begin', state.unread);
    } else if (name === 'unreadChanged') setUnread(Math.max(0, Number(detail.count) || 0));
    else if (name === 'invitation') state.invitation = `${detail.sender ? `${detail.sender}: ` : ''}${detail.text}`.slice(0, 160);
    else if (name === 'chatStarted' || name === 'chatClosed') state.invitation = '';
    else if (name === 'onlineStatusChanged') state.status = String(detail.status);
    // The visitor the site named is logged out (here, in another tab, or before this page named them).
    else if (name === 'logout') forget();
    else if (name === 'closeRequested') {
      setOpen(false);
      return button.focus();
    }
    else if (name === 'messageSent' && notifications === 'onSend') askPermission();
    else if (name === 'message' && notifications !== 'never' && document.hidden && globalThis.Notification?.permission === 'granted') {
      const note = new Notification(detail.sender || labels.chat, { body: detail.text ?? '', tag: 'webim-widget' });
      note.onclick = () => {
        window.focus();
        setOpen(true);
      };
    }
    render();
    emit(name, detail);
  }

  addEventListener('message', (event) => {
    const message = event.data;
    if (typeof message !== 'object' || message === null || !('webimWidget' in message)) return;
    if (event.origin !== widgetOrigin || !frame || event.source !== frame.contentWindow) return warnOnce(`a message from ${event.origin}, not the chat's frame`);
    if (message.webimWidget !== VERSION || message.kind !== 'event' || typeof message.name !== 'string') return warnOnce('a message of an unknown shape');
    received(message.name, message.detail ?? {});
  });

  const commands = {
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!state.open),
    show: () => {
      state.shown = true;
      render();
    },
    hide: () => {
      setOpen(false);
      state.shown = false;
      render();
    },
    setLocale: (locale) => {
      options.locale = String(locale);
      reload();
      render();
    },
    setTheme: ({ palette, accent, dark } = {}) => {
      if (palette !== undefined) options.palette = String(palette);
      if (accent !== undefined) options.accent = String(accent);
      if (dark !== undefined) options.dark = dark === null ? '' : dark ? '1' : '0';
      reload();
      render();
    },
    // The signed fields as JSON text or as the object; the frame reads either. Null logs the visitor out.
    setVisitor: (fields) => (fields === null ? commands.logout() : send('setVisitor', ...(sticky.setVisitor = [fields, Date.now()]))),
    setCustomFields: remembered('setCustomFields'),
    prechat: remembered('prechat'),
    prefill: (text) => send('prefill', String(text)),
    // `data` goes as JSON text, which any value the site gives can become (or fail to, here); the frame checks it.
    send: (text, options) => send('send', String(text), JSON.stringify(options?.data)),
    // A new visitor has no fields of the old one's. A logout keeps the visitor's conversation on the service; a reset
    // erases it. Each says when the site asked: the frame sets aside a `setVisitor` made before (the time it carries).
    logout: () => {
      forget();
      send('logout', Date.now());
    },
    reset: () => {
      forget();
      send('reset', Date.now());
    },
    consent: (given) => {
      state.consent = given === true ? 'given' : 'pending';
      if (given !== true) forget();
      send('consent', given === true);
    },
    on: (name, listener) => {
      if (typeof listener !== 'function') return;
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name).add(listener);
      // A page that listens late still hears that the chat is ready.
      if (name === 'ready' && state.ready) listener({ consent: state.consent });
    },
    off: (name, listener) => listeners.get(name)?.delete(listener),
  };

  function WebimWidget(command, ...args) {
    if (!Object.hasOwn(commands, command)) return console.warn(`WebimWidget: no command ${command}`);
    return commands[command](...args);
  }
  WebimWidget.version = VERSION;
  window.WebimWidget = WebimWidget;

  // A pointer (a mouse's or a finger's) or the keyboard on its way to a press: the frame starts loading before the
  // click lands.
  for (const type of ['pointerenter', 'focus']) button.addEventListener(type, load);
  button.addEventListener('click', () => setOpen(!state.open, !state.open));
  teaser.addEventListener('click', () => setOpen(true, true));
  phone.addEventListener('change', render);
  render();
  // An async script may run while the page's body is still being parsed.
  if (document.body) document.body.append(root);
  else addEventListener('DOMContentLoaded', () => document.body.append(root), { once: true });
  // Unwanted sooner, the frame loads a while after the page has, when the browser has nothing else to do: it
  // never delays the page's own load, nor its first moments.
  // Three seconds, then the browser's next idle moment, within three more (setTimeout's 0 where it has no idle callback).
  const idle = () => setTimeout(() => (window.requestIdleCallback ?? setTimeout)(load, { timeout: 3e3 }), 3e3);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
  for (const call of stub?.q ?? []) WebimWidget(...call);
})();
