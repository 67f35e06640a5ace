import { it } from 'vitest';
import { checkGenerated } from './reader-generated';

// Documents 1 to 5,000 of 10,000 (the other half runs beside this file).
it('generated documents 1–5,000: every reader equals parse5, at every piece boundary', () => checkGenerated(1, 5000), 120_000);
