export interface LineSplitterOptions {
  /** Longer lines are reported with `tooLong` and their text cut to this many characters. */
  maxLineChars?: number;
}

export interface LineSplitter {
  /** Feed the next bytes (UTF-8; a character split across chunks is kept whole). */
  push(chunk: Uint8Array): void;
  /** No more bytes: emit the last line if it has no newline. */
  end(): void;
}

/**
 * Split a byte stream into lines (LF or CRLF) with constant memory: only the unfinished line is
 * kept, and a line longer than `maxLineChars` is cut and flagged rather than buffered.
 */
export function createLineSplitter(
  onLine: (line: string, lineNo: number, tooLong: boolean) => void,
  { maxLineChars = 64 * 1024 }: LineSplitterOptions = {},
): LineSplitter {
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  let skipping = false;
  let lineNo = 0;

  const emit = (text: string, tooLong: boolean) => {
    lineNo++;
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    onLine(line, lineNo, tooLong);
  };

  const feed = (text: string) => {
    let start = 0;
    while (true) {
      const nl = text.indexOf('\n', start);
      if (nl < 0) break;
      if (skipping) {
        skipping = false;
      } else if (carry) {
        const whole = carry + text.slice(start, nl);
        carry = '';
        if (whole.length > maxLineChars) emit(whole.slice(0, maxLineChars), true);
        else emit(whole, false);
      } else if (nl - start > maxLineChars) {
        emit(text.slice(start, start + maxLineChars), true);
      } else {
        emit(text.slice(start, nl), false);
      }
      start = nl + 1;
    }
    if (skipping || start >= text.length) return;
    carry += text.slice(start);
    if (carry.length > maxLineChars) {
      // Report the line now, and drop the rest of it up to the next newline.
      emit(carry.slice(0, maxLineChars), true);
      carry = '';
      skipping = true;
    }
  };

  return {
    push(chunk) {
      feed(decoder.decode(chunk, { stream: true }));
    },
    end() {
      feed(decoder.decode());
      if (carry && !skipping) emit(carry, false);
      carry = '';
      skipping = false;
    },
  };
}
