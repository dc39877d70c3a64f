import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wireUser } from '../api/mock/wire';
import { renderWith } from '../test/render';
import { SupportForm } from './SupportForm';

describe('SupportForm', () => {
  it('shows the validation messages and sends nothing while invalid', async () => {
    renderWith(<SupportForm user={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'A');
    await userEvent.type(screen.getByLabelText('Email'), 'nope');
    await userEvent.type(screen.getByLabelText('Message'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Name must be at least 2 characters long')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters long')).toBeInTheDocument();
  });

  it('clears each message as soon as its field is fixed, and updates one that is still wrong', async () => {
    renderWith(<SupportForm user={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'example.com');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    // Untouched fields keep their message until they are fixed too.
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message'), 'The download fails.');
    expect(screen.queryByText('Message is required')).not.toBeInTheDocument();
  });

  it('counts n/5000 and turns red above 4500', () => {
    renderWith(<SupportForm user={null} />);
    const counter = screen.getByTestId('message-counter');
    expect(counter).toHaveTextContent('0/5000');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'x'.repeat(4500) } });
    expect(counter).toHaveTextContent('4500/5000');
    expect(counter.className).not.toContain('text-red-600');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'x'.repeat(4501) } });
    expect(counter.className).toContain('text-red-600');
  });

  it('prefills and locks name and email for a signed-in user', () => {
    renderWith(<SupportForm user={wireUser()} />);
    expect(screen.getByLabelText('Name')).toHaveValue('Ann Reader');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  });
});
