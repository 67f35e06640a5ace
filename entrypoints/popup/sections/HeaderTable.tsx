import type { Header } from '../../../lib/core';

/** Headers as text (never HTML), one row each, in the order received. */
export function HeaderTable({ headers, testId }: { headers: readonly Header[]; testId?: string }) {
  return (
    <table className="cs-table cs-headers" data-testid={testId}>
      <tbody>
        {headers.map((h, i) => (
          <tr key={i} data-header={h.name.toLowerCase()}>
            <th scope="row">{h.name}</th>
            <td>{h.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
