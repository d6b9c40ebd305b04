// The new-game dialog.

import { state } from './state.js';
import { $, el, show } from './dom.js';
import { gameName, playerName, t, tOr } from './words.js';
import { levelOptions } from './panel.js';
import { command } from './net.js';
import { openRules } from './rules.js';

export const chosenGame = () => (state.data.games || []).find((g) => g.id === $('ng-game').value);

// openChosenRules shows the rules of the game chosen in the new-game dialog, over it.
export const openChosenRules = () => openRules($('ng-game').value);

export function openNewGame() {
  const d = state.data;
  if (!d) return;
  const games = d.games || [];
  $('ng-game').replaceChildren(...games.map((g) => el('option', { value: g.id, disabled: !g.fits },
    `${gameName(g)}${g.board ? ` (${g.board})` : ''}${g.fits ? '' : ' — ' + t('noFit')}`)));
  const current = games.find((g) => g.id === d.game?.id && g.fits) || games.find((g) => g.fits);
  $('ng-game').value = current?.id || '';
  $('ng-level').replaceChildren(...levelOptions(d.levels, d.levelTimes));
  $('ng-level').value = d.level;
  renderChoice();
  $('new-game-dialog').showModal();
}

export function renderChoice() {
  const g = chosenGame();
  show('ng-fit-note', !!g && !g.fits);
  const settings = g?.settings || [];
  $('ng-settings').replaceChildren(el('legend', {}, t('settings')),
    ...(settings.length ? settings.map((s) => settingField(s, g.id)) : [el('p', { class: 'note' }, t('noSettings'))]));
  renderSides(g);
}

export function settingField(s, gameID) {
  const id = 'ng-set-' + s.key;
  const range = /^(-?\d+)\s*(?:…|\.\.\.?)\s*(-?\d+)$/.exec(s.values || '');
  const input = range
    ? el('input', { id, type: 'number', inputmode: 'numeric', min: range[1], max: range[2], step: 1, required: !s.random, value: s.default })
    : el('select', { id }, ...String(s.values || s.default).split('|').map((v) => el('option', { value: v }, tOr('val:' + v, v))));
  input.value = s.default;
  if (s.random) { // drawn for each game unless given: left empty, the service draws it
    input.value = '';
    input.placeholder = t('random');
  }
  input.dataset.key = s.key;
  // (The game's own help, where the setting means something else in another game.)
  const doc = tOr(`doc:${gameID}:${s.key}`, tOr('doc:' + s.key, s.doc || ''));
  return el('label', { class: 'field', for: id }, el('span', {}, tOr('set:' + s.key, s.key)), input,
    doc ? el('small', { class: 'doc' }, doc) : '');
}

// renderSides offers Human/AI for each player; the names are known only for the current game.
export function renderSides(g) {
  const d = state.data;
  const same = g && g.id === d.game?.id;
  const known = same ? d.game.players || [] : [];
  const count = Array.isArray(g?.players) ? g.players.length : g?.players || known.length || 2;
  const fields = [];
  for (let i = 0; i < count; i++) {
    const name = known[i] ? playerName(known[i].name) : t('player', { n: i + 1 });
    const select = el('select', { id: 'ng-side-' + i },
      el('option', { value: 'human' }, t('human')), el('option', { value: 'ai' }, t('ai')));
    select.value = known[i]?.side || (i === 0 ? 'human' : 'ai');
    fields.push(el('label', { class: 'field', for: select.id }, el('span', {}, name), select));
  }
  $('ng-sides').replaceChildren(el('legend', {}, t('sides')), ...fields);
}

export async function onNewGameSubmit(e) {
  e.preventDefault();
  const form = $('ng-form');
  if (!form.reportValidity() || !chosenGame()?.fits) return;
  const settings = {};
  for (const f of $('ng-settings').querySelectorAll('[data-key]')) if (f.value !== '') settings[f.dataset.key] = String(f.value);
  const sides = [...$('ng-sides').querySelectorAll('select')].map((s) => s.value);
  const body = { cmd: 'new-game', game: $('ng-game').value, settings, sides, level: $('ng-level').value };
  const start = $('ng-start');
  start.disabled = true;
  const ok = await command(body);
  start.disabled = false;
  if (ok) $('new-game-dialog').close();
}
