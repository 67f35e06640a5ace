import { createTranslator } from '../../lib/i18n';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { BytesOverlayState, PlacedItem } from '../../lib/bytes';
import type { OverlayText } from '../../utils/protocol';
import { lastAnalysis, forgetAnalysis } from './analyzePage';
import { locateElement } from './locateElement';

const HOST_TAG = 'crawlscope-bytes-overlay';

const CSS = `
:host { all: initial; }
.dim { position: absolute; left: 0; pointer-events: none; z-index: 2147483646;
  background: repeating-linear-gradient(135deg, rgba(60,60,60,.28) 0 10px, rgba(60,60,60,.12) 10px 20px); }
.marker { position: absolute; left: 0; height: 0; border-top: 3px solid #b3261e; pointer-events: none; z-index: 2147483647; }
.marker span { position: absolute; left: 8px; top: 2px; background: #b3261e; color: #fff; font: 600 13px/1.4 system-ui, sans-serif;
  padding: 2px 8px; border-radius: 0 0 6px 6px; white-space: nowrap; }
.flash { position: absolute; pointer-events: none; outline: 3px solid #0b57d0; outline-offset: 2px; z-index: 2147483647; }
.panel { position: fixed; right: 12px; bottom: 12px; width: 360px; max-height: 45vh; overflow: auto; z-index: 2147483647;
  background: #fff; color: #1a1a1a; border: 1px solid #c7c7c7; border-radius: 8px; box-shadow: 0 4px 16px rgba(0,0,0,.25);
  font: 13px/1.45 system-ui, sans-serif; padding: 8px 10px; }
.panel h2 { font-size: 14px; margin: 0 0 6px; display: flex; justify-content: space-between; gap: 8px; align-items: center; }
.panel ul { list-style: none; margin: 0; padding: 0; }
.panel li { display: flex; gap: 6px; align-items: baseline; border-top: 1px solid #eee; padding: 3px 0; }
.panel li .what { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.panel .muted { color: #545454; }
.panel button { font: inherit; border: 1px solid #c7c7c7; border-radius: 6px; background: #fff; color: #1a1a1a; padding: 1px 8px; cursor: pointer; }
.panel button:disabled { cursor: default; opacity: .6; }
`;

interface Shown {
  host: HTMLElement;
  root: ShadowRoot;
  relayout: () => void;
  placed: boolean;
  items: number;
  unplaced: number;
}

let shown: Shown | null = null;
let watching = false;


function translator({ locale, messages }: OverlayText) {
  return createTranslator(locale, messages).t;
}
type T = ReturnType<typeof translator>;

/** Top of the first element at or after `el` (document order) that has a box. */
function boxTop(el: Element): number | null {
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT);
  walker.currentNode = el;
  let node: Node | null = el;
  for (let steps = 0; node && steps < 5000; steps++, node = walker.nextNode()) {
    const r = (node as Element).getBoundingClientRect();
    if (r.width > 0 || r.height > 0) return r.top + window.scrollY;
  }
  return null;
}

function label(it: PlacedItem, t: T): string {
  const kind = t(`bytes.kind.${it.kind}`);
  const status = it.status === 'cut' ? ` ${t('bytes.overlay.cutInHalf')}` : '';
  return `${kind}${status} · ${t('bytes.overlay.atByte', [it.responseOffset])}${it.detail ? ` — ${it.detail}` : ''}`;
}

/** Shows or removes the overlay. Removing it leaves the page's DOM exactly as it was. */
export function toggleOverlay(show: boolean, text: OverlayText, ctx: ContentScriptContext): BytesOverlayState {
  hide();
  if (!show) return state();
  const t = translator(text);
  const a = lastAnalysis;
  if (!a || a.url !== location.href.split('#')[0]) throw new Error(t('bytes.overlay.noAnalysis'));
  const { report } = a;
  if (!watching) {
    watching = true;
    // The page changed under us (SPA navigation): the cut no longer applies.
    ctx.addEventListener(window, 'wxt:locationchange', () => {
      hide();
      forgetAnalysis();
    });
    ctx.addEventListener(window, 'resize', () => shown?.relayout());
    ctx.onInvalidated(hide);
  }

  const host = document.createElement(HOST_TAG);
  host.style.cssText = 'position:absolute;top:0;left:0;width:0;height:0;margin:0;padding:0;border:0;display:block;';
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = CSS;
  const dim = document.createElement('div');
  dim.className = 'dim';
  const marker = document.createElement('div');
  marker.className = 'marker';
  marker.setAttribute('data-testid', 'bytes-marker');
  const markerText = document.createElement('span');
  markerText.textContent = t('bytes.overlay.marker', [report.cutoff.limit, report.cutoff.totalBytes]);
  marker.append(markerText);
  const flash = document.createElement('div');
  flash.className = 'flash';
  flash.hidden = true;

  const target = report.firstPastCut ? locateElement(report.firstPastCut) : null;
  if (target) marker.setAttribute('data-element', target.id ? `${target.localName}#${target.id}` : target.localName);

  const panel = document.createElement('section');
  panel.className = 'panel';
  panel.setAttribute('data-testid', 'bytes-panel');
  const h = document.createElement('h2');
  const lost = [...report.items.filter((i) => i.status !== 'kept'), ...report.links.firstLost].sort((x, y) => x.bodyOffset - y.bodyOffset);
  const title = document.createElement('span');
  title.textContent = t('bytes.overlay.panelTitle', [lost.length]);
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = t('bytes.overlay.hide');
  close.addEventListener('click', () => hide());
  h.append(title, close);
  panel.append(h);
  if (!report.cutoff.truncated) {
    const p = document.createElement('p');
    p.textContent = t('bytes.overlay.nothingLost');
    panel.append(p);
  } else if (!target) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = t('bytes.overlay.markerUnplaced', [report.firstPastCut?.tag ?? '—']);
    panel.append(p);
  }
  const ul = document.createElement('ul');
  let unplaced = 0;
  for (const it of lost) {
    const li = document.createElement('li');
    li.setAttribute('data-testid', 'bytes-lost-item');
    li.setAttribute('data-kind', it.kind);
    const what = document.createElement('span');
    what.className = 'what';
    what.textContent = label(it, t);
    const el = locateElement(it);
    const btn = document.createElement('button');
    btn.type = 'button';
    if (el) {
      btn.textContent = t('bytes.overlay.scrollTo');
      btn.addEventListener('click', () => {
        el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) {
          flash.hidden = true;
          return;
        }
        Object.assign(flash.style, { top: `${r.top + scrollY}px`, left: `${r.left + scrollX}px`, width: `${r.width}px`, height: `${r.height}px` });
        flash.hidden = false;
      });
    } else {
      unplaced++;
      btn.textContent = t('bytes.overlay.notPlaced');
      btn.disabled = true;
    }
    li.append(what, btn);
    ul.append(li);
  }
  panel.append(ul);
  if (unplaced > 0) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = t('bytes.overlay.unplaced', [unplaced]);
    panel.append(p);
  }

  const relayout = () => {
    const top = report.cutoff.truncated && target ? boxTop(target) : null;
    const w = document.documentElement.scrollWidth;
    const hgt = Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0);
    marker.hidden = top === null;
    dim.hidden = top === null;
    if (top === null) return;
    Object.assign(marker.style, { top: `${top}px`, width: `${w}px` });
    Object.assign(dim.style, { top: `${top}px`, width: `${w}px`, height: `${Math.max(0, hgt - top)}px` });
  };
  root.append(style, dim, marker, flash, panel);
  document.documentElement.append(host);
  relayout();
  shown = { host, root, relayout, placed: !!target, items: lost.length, unplaced };
  return state();
}

function hide(): void {
  if (!shown) return;
  shown.host.remove();
  shown = null;
}

function state(): BytesOverlayState {
  return shown
    ? { shown: true, placed: shown.placed, items: shown.items, unplacedItems: shown.unplaced }
    : { shown: false, placed: false, items: 0, unplacedItems: 0 };
}
