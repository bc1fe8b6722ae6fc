import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { HtmlApp } from './HtmlApp';

afterEach(cleanup);

describe('HtmlApp', () => {
  it('shows nothing for an address that is not http(s), and fails the slot once it is due on screen', () => {
    const onFail = vi.fn();
    const app = { type: 'html' as const, url: 'javascript:alert(1)' };
    const { container, rerender } = render(
      <HtmlApp app={app} active={false} timezone="UTC" screen={null} onFail={onFail} />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(onFail).not.toHaveBeenCalled();
    rerender(<HtmlApp app={app} active timezone="UTC" screen={null} onFail={onFail} />);
    expect(onFail).toHaveBeenCalledWith('the app javascript:alert(1) is not an http(s) address');
  });
});
