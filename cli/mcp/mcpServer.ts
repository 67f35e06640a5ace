// `crawlscope mcp`: Crawlscope for agents — a Model Context Protocol server over stdio, built with
// the official TypeScript SDK (@modelcontextprotocol/sdk, its low-level Server: the tools' input
// schemas are zod's, sent as JSON Schema, and checked here so that a bad argument is an MCP error
// that carries the command line's exit code). Tools: check_url, robots_verdict, render,
// site_check, verify_ip (cli/mcp/mcpTools.ts), under the limits of cli/mcp/mcpLimits.ts.
// stdout carries JSON-RPC only; nothing else is written to it. README "Crawlscope for agents" has
// the client configuration and the limits (tests/unit/cli/mcpLimits.test.ts keeps them equal).
import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { cliLanguage, cliText } from '../cliTranslate';
import { createLimiter, MCP_ERROR_CODES, MCP_LIMITS, ToolFailure } from './mcpLimits';
import { TOOLS, type ToolContext } from './mcpTools';

const VERSION = '0.1.0';

/** A failure as an MCP error: its JSON-RPC code, the words, and `data: {code, exitCode}` (the command line's exit code). */
function failure(code: keyof typeof MCP_ERROR_CODES, exitCode: number, message: string): McpError {
  return new McpError(MCP_ERROR_CODES[code], message, { code, exitCode });
}

/** The server with its tools, not yet connected (the tests connect it to an in-memory or stdio transport). */
export function createCrawlscopeServer(lang?: string): Server {
  const text = cliText(cliLanguage(lang));
  const { t } = text;
  const server = new Server(
    { name: 'crawlscope', title: 'Crawlscope', version: VERSION },
    { capabilities: { tools: {} }, instructions: t('mcp.instructions') },
  );
  const calls = createLimiter(MCP_LIMITS.running, MCP_LIMITS.queued);
  const renders = createLimiter(MCP_LIMITS.render.running, MCP_LIMITS.queued);
  const listed = TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: z.toJSONSchema(tool.input, { io: 'input' }) as { type: 'object' },
    outputSchema: z.toJSONSchema(tool.output) as { type: 'object' },
    annotations: { readOnlyHint: true, openWorldHint: true },
  }));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));

  server.setRequestHandler(CallToolRequestSchema, async (req, extra): Promise<CallToolResult> => {
    const tool = TOOLS.find((x) => x.name === req.params.name);
    // A protocol error, as MCP says for an unknown tool or invalid arguments; `data` carries the command line's code.
    if (!tool) throw failure('usage', 2, t('mcp.error.unknownTool', [req.params.name]));
    const parsed = tool.input.safeParse(req.params.arguments ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i: { path: PropertyKey[]; message: string }) => `${i.path.map(String).join('.') || '(arguments)'}: ${i.message}`);
      throw new McpError(MCP_ERROR_CODES.usage, t('mcp.error.arguments', [tool.name, issues.join('; ')]), { code: 'usage', exitCode: 2, issues });
    }
    const token = req.params._meta?.progressToken;
    const ctx: ToolContext = {
      signal: extra.signal,
      text,
      progress: async (done, total, message) => {
        if (token === undefined || extra.signal.aborted) return;
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: done, total, message } }).catch(() => undefined);
      },
    };
    const limiter = tool.name === 'render' ? renders : calls;
    try {
      const r = await limiter.run(() => tool.run(parsed.data, ctx), extra.signal, () => new ToolFailure('busy', 2, t('mcp.error.busy', [MCP_LIMITS.running, MCP_LIMITS.queued])));
      return { content: [{ type: 'text', text: r.text }], structuredContent: r.structured };
    } catch (e) {
      if (e instanceof ToolFailure) throw failure(e.code, e.exitCode, e.message);
      if (extra.signal.aborted) throw failure('cancelled', 2, t('mcp.error.cancelled'));
      throw failure('failed', 2, t('mcp.error.failed', [e instanceof Error ? e.message : String(e)]));
    }
  });
  return server;
}

/** Serves until the client closes stdin; 0 then. */
export async function mcpMain(argv: string[], transport: Transport = new StdioServerTransport()): Promise<number> {
  const lang = argv.find((a) => a.startsWith('--lang='))?.slice('--lang='.length);
  const server = createCrawlscopeServer(lang);
  const closed = new Promise<void>((resolve) => (server.onclose = () => resolve()));
  // A client that goes away while an answer is being written: the pipe is closed, and so is the server.
  process.stdout.on('error', () => void server.close());
  await server.connect(transport);
  await closed;
  return 0;
}
