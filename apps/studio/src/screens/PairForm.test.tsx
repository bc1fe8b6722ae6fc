import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCREEN_NAME_MAX_LENGTH, SCREEN_NAME_TOO_LONG_ERROR } from '@marquee/protocol';
import { renderStudio } from '../testUtils';
import { PAIR_CODE_MESSAGE, PairForm } from './PairForm';

describe('PairForm', () => {
  it('refuses a code that is not six characters of the pairing alphabet', async () => {
    const onSubmit = vi.fn();
    renderStudio(<PairForm initialCode="" onSubmit={onSubmit} submitting={false} error={null} />);
    await userEvent.type(screen.getByLabelText('Pairing code'), 'ABC10O');
    await userEvent.click(screen.getByRole('button', { name: 'Pair screen' }));
    expect(screen.getByText(PAIR_CODE_MESSAGE)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes the code from the QR link, typed any way, and submits it normalised', async () => {
    const onSubmit = vi.fn();
    renderStudio(<PairForm initialCode="k7p-4qx" onSubmit={onSubmit} submitting={false} error={null} />);
    expect((screen.getByLabelText('Pairing code') as HTMLInputElement).value).toBe('k7p-4qx');
    await userEvent.click(screen.getByRole('button', { name: 'Pair screen' }));
    expect(onSubmit).toHaveBeenCalledWith({ code: 'K7P4QX' });
  });

  it(`limits the screen name to ${SCREEN_NAME_MAX_LENGTH} characters`, async () => {
    const onSubmit = vi.fn();
    renderStudio(<PairForm initialCode="K7P4QX" onSubmit={onSubmit} submitting={false} error={null} />);
    const name = screen.getByLabelText('Screen name');
    await userEvent.click(name);
    await userEvent.paste('x'.repeat(SCREEN_NAME_MAX_LENGTH + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Pair screen' }));
    expect(screen.getByText(SCREEN_NAME_TOO_LONG_ERROR)).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.paste('x'.repeat(SCREEN_NAME_MAX_LENGTH));
    await userEvent.click(screen.getByRole('button', { name: 'Pair screen' }));
    expect(onSubmit).toHaveBeenCalledWith({ code: 'K7P4QX', name: 'x'.repeat(SCREEN_NAME_MAX_LENGTH) });
  });

  it('shows the error the API answered', () => {
    renderStudio(
      <PairForm
        initialCode=""
        onSubmit={vi.fn()}
        submitting={false}
        error="No screen is waiting with code K7P4QX"
      />,
    );
    expect(screen.getByText('Could not pair the screen')).toBeTruthy();
    expect(screen.getByText('No screen is waiting with code K7P4QX')).toBeTruthy();
  });
});
