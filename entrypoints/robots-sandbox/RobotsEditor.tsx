import { useEffect, useMemo, useRef } from 'react';
import type { RobotsDiagnostic } from '../../lib/robots';
import { robotsText } from '../../components/RobotsText';

const LINE_HEIGHT = 18;
const PAD = 6;

/**
 * A plain-text robots.txt editor: line numbers and diagnostics in the gutter, one highlighted line.
 * The whole editor scrolls as one box (the textarea grows to its content), so the gutter, the
 * highlight and the text can never drift apart.
 */
export function RobotsEditor({
  value,
  onChange,
  lineCount,
  diagnostics,
  highlightLine,
  scrollToLine,
}: {
  value: string;
  onChange: (v: string) => void;
  lineCount: number;
  diagnostics: RobotsDiagnostic[];
  highlightLine: number | null;
  /** Changes when the editor should bring a line into view ({ line, n } so the same line can be asked again). */
  scrollToLine: { line: number; n: number } | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const rows = Math.max(lineCount, value.split(/\r\n|\r|\n/).length);
  const numbers = useMemo(() => Array.from({ length: rows }, (_, i) => i + 1).join('\n'), [rows]);
  const marks = useMemo(() => {
    const byLine = new Map<number, RobotsDiagnostic[]>();
    for (const d of diagnostics) {
      if (d.line === null) continue;
      const list = byLine.get(d.line) ?? [];
      list.push(d);
      byLine.set(d.line, list);
    }
    return [...byLine.entries()];
  }, [diagnostics]);

  useEffect(() => {
    if (!scrollToLine || !box.current) return;
    box.current.scrollTop = Math.max(0, (scrollToLine.line - 1) * LINE_HEIGHT - 3 * LINE_HEIGHT);
    // Put the caret at the start of that line so keyboard users land there too.
    const ta = area.current;
    if (ta) {
      let at = 0;
      for (let l = 1; l < scrollToLine.line && at !== -1; l++) {
        const nl = ta.value.indexOf('\n', at);
        at = nl === -1 ? -1 : nl + 1;
      }
      if (at >= 0) ta.setSelectionRange(at, at);
    }
  }, [scrollToLine]);

  const height = rows * LINE_HEIGHT + 2 * PAD + 16;
  return (
    <div className="robots-editor" ref={box} data-testid="sandbox-editor-box">
      <div className="robots-gutter" style={{ height }} aria-hidden="true">
        <pre className="robots-numbers" style={{ lineHeight: `${LINE_HEIGHT}px`, paddingTop: PAD }}>{numbers}</pre>
        {marks.map(([line, ds]) => (
          <span
            key={line}
            className={`robots-mark robots-mark-${ds.some((d) => d.severity !== 'info') ? 'warn' : 'info'}`}
            style={{ top: PAD + (line - 1) * LINE_HEIGHT }}
            title={ds.map((d) => robotsText('diag', d)).join('\n')}
            data-testid="sandbox-gutter-mark"
            data-line={line}
          >
            ●
          </span>
        ))}
      </div>
      <div className="robots-code" style={{ height }}>
        {highlightLine !== null ? (
          <div
            className="robots-hl"
            data-testid="sandbox-highlight"
            data-line={highlightLine}
            style={{ top: PAD + (highlightLine - 1) * LINE_HEIGHT, height: LINE_HEIGHT }}
          />
        ) : null}
        <textarea
          ref={area}
          data-testid="sandbox-editor"
          aria-label="robots.txt"
          wrap="off"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          style={{ lineHeight: `${LINE_HEIGHT}px`, padding: `${PAD}px 8px`, height }}
        />
      </div>
    </div>
  );
}
