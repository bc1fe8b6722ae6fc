import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { fakeBridge } from '../testBridge';
import { PairingPage, pairUrl } from './PairingPage';

afterEach(cleanup);

describe('PairingPage', () => {
  it('shows the code large, the instructions and a QR code to the pre-filled pair form', async () => {
    const { bridge } = fakeBridge({ getPairingCode: () => 'K7P4QX' });
    render(<PairingPage bridge={bridge} studioUrl="http://signs.local:8080/studio" />);
    const code = await screen.findByTestId('pairing-code');
    expect(code.textContent).toBe('K7P4QX');
    expect(code.getAttribute('aria-label')).toBe('Pairing code K 7 P 4 Q X');
    expect(screen.getByText('signs.local:8080/studio')).toBeTruthy();
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(pairUrl('http://signs.local:8080/studio', 'K7P4QX')).toBe(
      'http://signs.local:8080/studio/pair?code=K7P4QX',
    );
  });

  it('follows a new code the player announces', async () => {
    const { bridge, fire } = fakeBridge({ getPairingCode: () => 'K7P4QX' });
    render(<PairingPage bridge={bridge} studioUrl="http://s/studio" />);
    await screen.findByText('K7P');
    act(() => fire('pairingCode', 'ABC234'));
    expect((await screen.findByTestId('pairing-code')).textContent).toBe('ABC234');
  });

  it('says it is waiting while the player has no code yet', async () => {
    const { bridge } = fakeBridge({ getPairingCode: () => null });
    render(<PairingPage bridge={bridge} studioUrl="http://s/studio" />);
    expect(await screen.findByText('Getting a pairing code…')).toBeTruthy();
  });
});
