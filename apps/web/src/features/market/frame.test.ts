import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inNextFrame } from './frame';

describe('inNextFrame', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  });
  afterEach(() => void vi.unstubAllGlobals());
  const nextFrame = () => frames.shift()!(0);

  it('runs every listener due in a frame in one callback, each once', () => {
    const calls: string[] = [];
    const a = () => calls.push('a');
    const b = () => calls.push('b');
    inNextFrame(a);
    inNextFrame(b);
    inNextFrame(a);
    expect(frames).toHaveLength(1);
    nextFrame();
    expect(calls).toEqual(['a', 'b']);
    // the next ask takes the next frame
    inNextFrame(b);
    expect(frames).toHaveLength(1);
    nextFrame();
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('never runs a cancelled listener', () => {
    const calls: string[] = [];
    const cancel = inNextFrame(() => calls.push('gone'));
    inNextFrame(() => calls.push('kept'));
    cancel();
    nextFrame();
    expect(calls).toEqual(['kept']);
  });
});
