import { z } from 'zod';
import { defineRoute } from './route';

/** The support form's rules and messages (spec section 5); values are trimmed, the email lower-cased. */
export const SupportMessageBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .min(2, 'Name must be at least 2 characters long')
    .max(100, 'Name cannot exceed 100 characters'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email address').max(254, 'Please enter a valid email address')),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .min(10, 'Message must be at least 10 characters long')
    .max(5000, 'Message cannot exceed 5000 characters'),
});
export type SupportMessageBody = z.infer<typeof SupportMessageBody>;

export const sendSupportMessage = defineRoute({
  method: 'POST',
  path: '/support/messages/',
  summary: 'Sends a message to support (rate limited per IP)',
  auth: false,
  body: SupportMessageBody,
  status: 201,
  response: z.object({ success: z.literal(true), id: z.uuid(), message: z.string() }),
});

export const supportRoutes = { sendSupportMessage } as const;
