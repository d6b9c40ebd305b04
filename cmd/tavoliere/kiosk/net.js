// Talking to the service: the state, its events, the commands and the token.

import { TOAST_MS, TOKEN_KEY, state } from './state.js';
import { $, show } from './dom.js';
import { t } from './words.js';
import { whyText } from './messages.js';
import { apply } from './app.js';

export async function loadState() {
  try {
    const res = await fetch('api/state', { cache: 'no-store' });
    if (res.ok) apply(await res.json());
  } catch { /* the event stream reports the outage */ }
}

export function connect() {
  const es = new EventSource('api/events');
  es.addEventListener('state', (e) => apply(JSON.parse(e.data)));
  es.onopen = () => {
    show('conn', false);
    if (!state.lost) return;
    state.lost = false;
    state.data = null; // the service may have restarted: take whatever it says now
    loadState();
  };
  es.onerror = () => {
    state.lost = true;
    show('conn', true);
    if (es.readyState === EventSource.CLOSED) { // the browser gave up: try again ourselves
      es.close();
      setTimeout(connect, 3000);
    }
  };
}

export async function loadToken() {
  state.token = localStorage.getItem(TOKEN_KEY) || '';
  try {
    const res = await fetch('api/token', { cache: 'no-store' });
    if (res.ok) state.token = (await res.json()).token || state.token;
  } catch { /* not on the kiosk itself */ }
}

// command sends body and reports whether the service accepted it; refusals are toasted.
export async function command(body, retried = false) {
  const headers = { 'Content-Type': 'application/json' };
  if (state.token) headers.Authorization = 'Bearer ' + state.token;
  let res;
  try {
    res = await fetch('api/command', { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    toast(t('netError'));
    return false;
  }
  if (res.status === 401 && !retried) return askToken(body);
  if (retried && res.status !== 401) localStorage.setItem(TOKEN_KEY, state.token); // the token was right
  if (res.ok) return true;
  const err = await res.json().catch(() => ({}));
  toast((err.code && whyText(state.data, err.code, err.args)) || err.error || `${res.status} ${res.statusText}`);
  return false;
}

// askToken shows the token form and resolves with the outcome of body sent with it.
export function askToken(body) {
  const form = $('token-form');
  const dlg = $('new-game-dialog');
  (dlg.open ? dlg : $('panel')).prepend(form); // reachable above a modal dialog too
  form.hidden = false;
  $('token-input').value = '';
  $('token-input').focus();
  if (state.pending) state.pending.resolve(false);
  return new Promise((resolve) => { state.pending = { body, resolve }; });
}

export async function onTokenSubmit(e) {
  e.preventDefault();
  const value = $('token-input').value.trim();
  if (!value) return;
  state.token = value;
  const p = endTokenPrompt();
  if (p) p.resolve(await command(p.body, true));
}

export function endTokenPrompt() {
  const p = state.pending;
  state.pending = null;
  $('token-form').hidden = true;
  return p;
}

export function toast(text) {
  $('toast-text').textContent = text;
  show('toast', true);
  clearTimeout(state.toastTimer);
  state.toastTimer = setTimeout(() => show('toast', false), TOAST_MS);
}
