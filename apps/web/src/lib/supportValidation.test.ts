import { describe, expect, it } from 'vitest';
import { cleanSupport, validateSupport } from './supportValidation';

describe('support form rules', () => {
  const ok = { name: 'Ann', email: 'ann@example.com', message: 'Hello there, help me' };
  it('accepts a valid message and cleans it', () => {
    expect(validateSupport(ok)).toEqual({});
    expect(cleanSupport({ name: ' Ann ', email: ' Ann@Example.COM ', message: ' hi ' })).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      message: 'hi',
    });
  });
  it('gives the spec messages word for word', () => {
    expect(validateSupport({ ...ok, name: ' ' }).name).toBe('Name is required');
    expect(validateSupport({ ...ok, name: 'A' }).name).toBe('Name must be at least 2 characters long');
    expect(validateSupport({ ...ok, name: 'A'.repeat(101) }).name).toBe('Name cannot exceed 100 characters');
    expect(validateSupport({ ...ok, email: '' }).email).toBe('Email is required');
    expect(validateSupport({ ...ok, email: 'ann@' }).email).toBe('Please enter a valid email address');
    expect(validateSupport({ ...ok, message: '' }).message).toBe('Message is required');
    expect(validateSupport({ ...ok, message: 'too short' }).message).toBe(
      'Message must be at least 10 characters long',
    );
    expect(validateSupport({ ...ok, message: 'x'.repeat(5001) }).message).toBe(
      'Message cannot exceed 5000 characters',
    );
  });
});
