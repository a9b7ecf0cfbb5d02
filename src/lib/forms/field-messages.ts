import type { z } from 'zod';

/** Per field, per zod issue code ('too_small', 'invalid_type', …): the message to show. */
export type FieldMessages = Record<string, Partial<Record<z.core.$ZodIssue['code'], string>>>;

/**
 * Parse options that give the contract's generated schema the screen's own wording
 * without retyping its rules: zodResolver(generatedBody, withFieldMessages({...})).
 * Issues without an entry keep zod's own message.
 */
export function withFieldMessages(messages: FieldMessages): { error: z.core.$ZodErrorMap } {
  return {
    error: (issue) => {
      const field = issue.path?.[0];
      return field === undefined ? undefined : messages[String(field)]?.[issue.code];
    },
  };
}
