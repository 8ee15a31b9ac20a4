import { api } from '@/lib/api';
import type { ToolCard as CardView } from '../../api/types';

/** The card plus the model's catalogue title, which the server's card carries too. */
type ToolCard = CardView & { readonly model_title?: string | null };

/** GET /api/tool_card/{id}?at=<ISO> (decisions 97–99): the card as it was at that moment, read-only. */
const toolAtApi = api.injectEndpoints({
  endpoints: (build) => ({
    toolAt: build.query<{ tool: ToolCard; at: string }, { id: number; at: string }>({
      query: ({ id, at }) => `/tool_card/${id}?at=${encodeURIComponent(at)}`,
    }),
  }),
});

export const { useToolAtQuery } = toolAtApi;
