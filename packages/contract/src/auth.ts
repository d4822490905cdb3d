/** Auth and invite schemas (SPEC §3 User, §5 Register/Login/Invite request, §7 Auth). */
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { emailField, requiredText } from './fields.js';

export const RegisterSchema = z.object({
  username: requiredText('Username', { max: LIMITS.usernameMax }).describe('Public name shown in the header.'),
  email: emailField('Email'),
  password: requiredText('Password', { min: LIMITS.passwordMin, max: LIMITS.passwordMax }),
  inviteCode: requiredText('Invite Code', { max: 100 }).describe('A single-use invite code.'),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** The web form adds a confirmation that never leaves the browser (SPEC §5: 'Passwords do not match'). */
export const RegisterFormSchema = RegisterSchema.extend({
  confirmPassword: requiredText('Confirm Password', { max: LIMITS.passwordMax }),
}).refine((value) => value.password === value.confirmPassword, {
  message: MESSAGES.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
export type RegisterFormInput = z.infer<typeof RegisterFormSchema>;

export const LoginSchema = z.object({
  email: requiredText('Email', { max: LIMITS.emailMax }),
  password: requiredText('Password', { max: LIMITS.passwordMax }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const UserSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z.object({
  token: z.string().describe('Bearer token (JWT); send as Authorization: Bearer <token>.'),
  user: UserSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const InviteRequestSchema = z.object({
  name: requiredText('Name'),
  email: emailField('Email'),
});
export type InviteRequestInput = z.infer<typeof InviteRequestSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
