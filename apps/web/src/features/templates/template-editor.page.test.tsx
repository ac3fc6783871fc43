// @vitest-environment happy-dom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DRAW_SETTINGS } from '@roughcut/shared';
import type { Template } from '@roughcut/shared';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../api/query-client.ts';
import { TemplateEditorPage } from './template-editor.page.tsx';

type Call = { method: string; url: string; body: unknown };

/** An in-memory template API behind fetch, recording every call. */
function fakeServer(initial: Template[]) {
  const templates = [...initial];
  const calls: Call[] = [];
  let nextId = 100;
  let failSave: string | null = null;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    await Promise.resolve();
    if (url.startsWith('/api/draw/example'))
      return new Response(new Blob(['png']), { status: 200 });
    if (url === '/api/manage/template' && method === 'GET') return json(200, templates);
    if (url === '/api/manage/template' && method === 'PUT') {
      const { name, template } = body as { name: string; template: object };
      const id = `t${nextId++}`;
      templates.push({ ...DEFAULT_DRAW_SETTINGS, ...template, id, name });
      return json(200, { id });
    }
    if (url === '/api/manage/template' && method === 'POST') {
      if (failSave) return json(409, { err: failSave });
      const saved = body as Template;
      templates.splice(
        templates.findIndex((t) => t.id === saved.id),
        1,
        saved,
      );
      return json(200, { ok: true });
    }
    if (url.startsWith('/api/manage/template/') && method === 'DELETE') {
      const id = url.split('/').at(-1);
      templates.splice(
        templates.findIndex((t) => t.id === id),
        1,
      );
      return json(200, { ok: true });
    }
    return json(404, { err: 'not found' });
  });
  return {
    fetch,
    calls,
    templates,
    failSaveWith: (message: string) => {
      failSave = message;
    },
    examples: () => calls.filter((c) => c.url.startsWith('/api/draw/example')),
  };
}

// NOTE: generous waits: the machine running the suite is shared and often busy.
configure({ asyncUtilTimeout: 15_000 });

let alerts: string[];
beforeEach(() => {
  alerts = [];
  vi.stubGlobal('alert', (message?: unknown) => {
    alerts.push(String(message));
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderEditor(initial: Template[]) {
  const server = fakeServer(initial);
  vi.stubGlobal('fetch', server.fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <TemplateEditorPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return server;
}

const big: Template = { ...DEFAULT_DRAW_SETTINGS, size: 40, id: 't1', name: 'Big' };
const top: Template = { ...DEFAULT_DRAW_SETTINGS, alignment: 8, id: 't2', name: 'Top' };
const selector = () => screen.getByRole('combobox', { name: 'Template' });
const sizeValue = () => screen.getByLabelText<HTMLInputElement>('Size value').value;

describe('the template editor', { timeout: 90_000 }, () => {
  it('opens the name box for a user without templates and creates the first one', async () => {
    const server = renderEditor([]);
    const nameBox = await screen.findByRole('textbox', { name: 'Template' });
    expect(nameBox.getAttribute('placeholder')).toBe('Enter name');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Toggle Edit' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(alerts).toEqual(['Please enter a template name first.']);

    await userEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await userEvent.type(nameBox, 'My style');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(selector().textContent).toBe('My style'));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'My style',
      template: { ...DEFAULT_DRAW_SETTINGS, bold: true },
    });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
  });

  it('selects the first template on load and draws its example in portrait', async () => {
    const server = renderEditor([big, top]);
    await waitFor(() => expect(selector().textContent).toBe('Big'));
    expect(sizeValue()).toBe('40');
    await waitFor(() => expect(server.examples().length).toBeGreaterThan(0));
    const first = server.examples()[0];
    expect(first?.url).toBe('/api/draw/example?width=1080&height=1920&r=0&g=0&b=0');
    expect(first?.body).toEqual({ ...DEFAULT_DRAW_SETTINGS, size: 40 });
    await waitFor(() => expect(screen.getByRole('img', { name: /Example/ })).toBeTruthy());

    await userEvent.click(screen.getByRole('button', { name: 'Landscape' }));
    await waitFor(() => expect(server.examples().at(-1)?.url).toContain('width=1920&height=1080'));
  });

  it('resets to the defaults on the blank option and asks for a selection before deleting', async () => {
    const server = renderEditor([big, top]);
    await waitFor(() => expect(selector().textContent).toBe('Big'));
    await userEvent.click(selector());
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['--', 'Big', 'Top']);
    await userEvent.click(options[0] as HTMLElement);
    expect(sizeValue()).toBe(String(DEFAULT_DRAW_SETTINGS.size));

    await userEvent.click(screen.getByRole('button', { name: 'Template menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(alerts).toEqual(['Please select a template to delete first.']);
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('deletes the selected template, then clears the selection and restores the defaults', async () => {
    const server = renderEditor([big, top]);
    await waitFor(() => expect(selector().textContent).toBe('Big'));
    await userEvent.click(screen.getByRole('button', { name: 'Template menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(server.templates.map((t) => t.id)).toEqual(['t2']));
    await waitFor(() => expect(selector().textContent).toBe('--'));
    expect(sizeValue()).toBe(String(DEFAULT_DRAW_SETTINGS.size));
  });

  it('renames from the pencil, cancels with Toggle Edit and saves the settings', async () => {
    const server = renderEditor([big, top]);
    await waitFor(() => expect(selector().textContent).toBe('Big'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    const nameBox = screen.getByRole('textbox', { name: 'Template' });
    expect((nameBox as HTMLInputElement).value).toBe('Big');
    await userEvent.type(nameBox, 'ger');
    await userEvent.click(screen.getByRole('button', { name: 'Toggle Edit' }));
    expect(selector().textContent).toBe('Big');

    await userEvent.click(screen.getByRole('button', { name: 'Edit name' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Template' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Template' }), 'Huge');
    await userEvent.click(screen.getByRole('button', { name: 'Italic' }));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(selector().textContent).toBe('Huge'));
    expect(
      server.calls.find((c) => c.method === 'POST' && c.url === '/api/manage/template')?.body,
    ).toEqual({ ...DEFAULT_DRAW_SETTINGS, size: 40, italic: true, id: 't1', name: 'Huge' });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
  });

  it("shows the server's err when a save fails", async () => {
    const server = renderEditor([big]);
    await waitFor(() => expect(selector().textContent).toBe('Big'));
    server.failSaveWith('A template with this name already exists. Please choose another name.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(alerts).toEqual([
        'A template with this name already exists. Please choose another name.',
      ]),
    );
  });

  it('creates a new template from the menu with the next free name', async () => {
    const server = renderEditor([big]);
    await waitFor(() => expect(selector().textContent).toBe('Big'));
    await userEvent.click(screen.getByRole('button', { name: 'Template menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Create New Template' }));
    await waitFor(() => expect(selector().textContent).toBe('Template 2'));
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Template 2',
      template: { ...DEFAULT_DRAW_SETTINGS, size: 40 },
    });
  });
});
