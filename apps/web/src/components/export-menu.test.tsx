// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXPORT_FORMATS } from '@roughcut/shared';
import type { ExportFormat } from '@roughcut/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { ExportMenu, MEDIA_FOLDER_LABEL, WITH_VIDEO_LABEL } from './export-menu.tsx';
import type { ExportRequest } from './export-menu.tsx';

let alerts: string[];
let saved: { name: string; text: string }[];
beforeEach(() => {
  alerts = [];
  saved = [];
  vi.stubGlobal('alert', (message?: unknown) => alerts.push(String(message)));
  // NOTE: the saved file is caught where the menu hands it to the browser: the anchor's click.
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, text: this.href });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const savedFile = () => Promise.resolve({ blob: new Blob(['<xmeml/>']), fileName: 'Talk.xml' });

describe('ExportMenu', () => {
  it('offers every timeline and transcript format and saves the one picked under its name', async () => {
    const asked: ExportFormat[] = [];
    render(
      <ExportMenu
        subject="the edit"
        fallbackName="My talk"
        onExport={(format) => {
          asked.push(format);
          return Promise.resolve({
            blob: new Blob(['1\n00:00:00,000 --> 00:00:01,000\nHi\n']),
            fileName: undefined,
          });
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export the edit' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('data-format'))).toEqual([...EXPORT_FORMATS]);
    expect(screen.getByRole('menuitem', { name: 'Premiere Pro (.xml)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Subtitles (.srt)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual(['srt']);
    expect(saved[0]).toEqual({ name: 'My talk.srt', text: 'blob:export' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('keeps the server’s file name and alerts the server’s reason on a refusal', async () => {
    const onExport = vi
      .fn<(format: ExportFormat) => Promise<{ blob: Blob; fileName: string | undefined }>>()
      .mockResolvedValueOnce({ blob: new Blob(['<fcpxml/>']), fileName: 'Talk - cut.fcpxml' })
      .mockRejectedValueOnce(
        new ApiError(404, 'This clip does not exist. Please reload the page.'),
      );
    render(<ExportMenu subject="Clip" fallbackName="Clip" onExport={onExport} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export Clip' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /Final Cut Pro/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('Talk - cut.fcpxml');
    await userEvent.click(screen.getByRole('button', { name: 'Export Clip' }));
    await userEvent.click(screen.getByRole('menuitem', { name: /EDL/ }));
    await waitFor(() =>
      expect(alerts).toEqual(['This clip does not exist. Please reload the page.']),
    );
  });

  it('says to wait when the server has too many of the user’s exports in the making', async () => {
    const busy =
      'You already have 2 exports being made or downloaded. Please wait for one of them to finish, then export again.';
    const onExport = vi
      .fn<(format: ExportFormat) => Promise<{ blob: Blob; fileName: string | undefined }>>()
      .mockRejectedValueOnce(new ApiError(429, busy))
      .mockResolvedValueOnce({ blob: new Blob(['<xmeml/>']), fileName: 'Talk.xml' });
    render(<ExportMenu subject="Clip" fallbackName="Clip" onExport={onExport} />);
    const button = screen.getByRole('button', { name: 'Export Clip' });
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: /Premiere/ }));
    await waitFor(() => expect(alerts).toEqual([busy]));
    // The menu is ready again for the try the message asks for.
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: /Premiere/ }));
    await waitFor(() => expect(saved).toEqual([{ name: 'Talk.xml', text: 'blob:export' }]));
  });

  it('sends the folder the video is in, remembered by the browser for the next menu', async () => {
    const asked: [ExportFormat, ExportRequest][] = [];
    const onExport = (format: ExportFormat, request: ExportRequest) => {
      asked.push([format, request]);
      return savedFile();
    };
    const { unmount } = render(
      <ExportMenu subject="Clip" fallbackName="Clip" onExport={onExport} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export Clip' }));
    const field = screen.getByLabelText(MEDIA_FOLDER_LABEL);
    expect(screen.getByText(/Editors then find it without relinking/)).toBeTruthy();
    // NOTE: letters typed in the field stay in it; the menu does not jump to an item.
    await userEvent.type(field, '/Users/me/Videos');
    await userEvent.click(screen.getByRole('menuitem', { name: /Premiere/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(asked).toEqual([['xmeml', { mediaFolder: '/Users/me/Videos' }]]);
    // Escape in the field closes the menu, as anywhere in it.
    await userEvent.click(screen.getByRole('button', { name: 'Export Clip' }));
    await userEvent.click(screen.getByLabelText(MEDIA_FOLDER_LABEL));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    unmount();
    // Another menu, later: the same folder, already filled in.
    render(<ExportMenu subject="Edit" fallbackName="Edit" onExport={onExport} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export Edit' }));
    expect(screen.getByLabelText<HTMLInputElement>(MEDIA_FOLDER_LABEL).value).toBe(
      '/Users/me/Videos',
    );
  });

  it('says why a folder is not one and offers no export until it is fixed or cleared', async () => {
    const onExport = vi.fn((_format: ExportFormat, _request: ExportRequest) => savedFile());
    render(<ExportMenu subject="Clip" fallbackName="Clip" onExport={onExport} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export Clip' }));
    const field = screen.getByLabelText(MEDIA_FOLDER_LABEL);
    await userEvent.type(field, 'Videos');
    expect(screen.getByText(/Give the full path of the folder/)).toBeTruthy();
    const premiere = screen.getByRole('menuitem', { name: /Premiere/ });
    expect(premiere.getAttribute('aria-disabled')).toBe('true');
    await userEvent.clear(field);
    expect(localStorage.length).toBe(0);
    await userEvent.click(screen.getByRole('menuitem', { name: /Premiere/ }));
    await waitFor(() => expect(onExport).toHaveBeenCalledWith('xmeml', {}));
  });

  it('asks for a timeline with the video, shows its progress and remembers the choice', async () => {
    const asked: [ExportFormat, ExportRequest][] = [];
    let finish: (file: { blob: Blob; fileName: string | undefined }) => void = () => undefined;
    const onExport = (format: ExportFormat, request: ExportRequest) => {
      asked.push([format, request]);
      return new Promise<{ blob: Blob; fileName: string | undefined }>((resolve) => {
        finish = resolve;
      });
    };
    const { unmount } = render(
      <ExportMenu subject="Clip" fallbackName="Talk" onExport={onExport} />,
    );
    const button = screen.getByRole('button', { name: 'Export Clip' });
    await userEvent.click(button);
    expect(screen.getByText(/Timelines download as a zip with your video/)).toBeTruthy();
    await userEvent.click(screen.getByLabelText(WITH_VIDEO_LABEL));
    await userEvent.click(screen.getByRole('menuitem', { name: /Final Cut/ }));
    expect(asked[0]?.[0]).toBe('fcpxml');
    expect(asked[0]?.[1].withVideo).toBe(true);
    // The download tells how far it is, on the button.
    asked[0]?.[1].onProgress?.(0.42);
    await waitFor(() => expect(button.textContent).toContain('42%'));
    finish({ blob: new Blob(['zip']), fileName: undefined });
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'Talk with video.zip', text: 'blob:export' }]),
    );
    expect(button.textContent).toBe('Export');
    // A transcript comes alone, box ticked or not.
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: /\.srt/ }));
    expect(asked[1]).toEqual(['srt', {}]);
    finish({ blob: new Blob(['1']), fileName: 'Talk.srt' });
    await waitFor(() => expect(saved).toHaveLength(2));
    unmount();
    render(<ExportMenu subject="Edit" fallbackName="Edit" onExport={onExport} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export Edit' }));
    expect(screen.getByLabelText<HTMLInputElement>(WITH_VIDEO_LABEL).checked).toBe(true);
  });
});
