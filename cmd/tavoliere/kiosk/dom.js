// Small helpers over the document.

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== false && v != null) e.setAttribute(k, v === true ? '' : v);
  e.append(...children);
  return e;
}

export const show = (id, on) => { $(id).hidden = !on; };

// showText puts text into id and shows box (id itself by default) only when there is some.
export function showText(id, text, box = id) {
  $(id).textContent = text || '';
  show(box, !!text);
}
