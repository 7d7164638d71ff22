/** Debian's Chromium, driven by playwright-core (Playwright's own browser downloads cannot run here). */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM } from './tools';

export { CHROMIUM };

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    // Reached only when the suite is not skipped (tools.ts): in CI a missing browser is a failure.
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\``);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Theme colours as VS Code sets them on a webview's <html> element (Dark Modern values), for
 * pages shown outside VS Code. Only the test uses literal colours; the preview never does.
 */
export const DARK_THEME: Record<string, string> = {
  '--vscode-font-family': 'system-ui, "Ubuntu", "Droid Sans", sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-editor-font-family': '"Droid Sans Mono", "monospace", monospace',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-editor-foreground': '#cccccc',
  '--vscode-editorWidget-background': '#202020',
  '--vscode-editorWidget-border': '#313131',
  '--vscode-panel-border': '#2b2b2b',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-editorLineNumber-foreground': '#6e7681',
  '--vscode-testing-iconPassed': '#73c991',
  '--vscode-editorWarning-foreground': '#cca700',
  '--vscode-editorError-foreground': '#f85149',
  '--vscode-button-foreground': '#ffffff',
  '--vscode-button-background': '#0078d4',
  '--vscode-button-hoverBackground': '#026ec1',
  '--vscode-button-secondaryForeground': '#cccccc',
  '--vscode-button-secondaryBackground': '#313131',
  '--vscode-button-secondaryHoverBackground': '#3c3c3c',
  '--vscode-button-border': '#ffffff12',
  '--vscode-focusBorder': '#0078d4',
  '--vscode-list-hoverBackground': '#2a2d2e',
  '--vscode-editor-selectionHighlightBackground': '#add6ff26',
  '--vscode-editor-findMatchHighlightBackground': '#ea5c0055',
  '--vscode-diffEditor-removedTextBackground': '#ff000033',
  '--vscode-editorIndentGuide-background1': '#404040',
  '--vscode-inputValidation-errorBackground': '#5a1d1d',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-yellow': '#cca700',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-purple': '#b180d7',
  '--vscode-charts-orange': '#d18616',
  '--vscode-terminal-ansiCyan': '#11a8cd',
  '--vscode-terminal-ansiMagenta': '#bc3fbc',
  '--vscode-terminal-ansiBrightGreen': '#23d18b',
  '--vscode-terminal-ansiBrightBlue': '#3b8eea',
  '--vscode-terminal-ansiWhite': '#e5e5e5',
  '--vscode-terminal-ansiBrightYellow': '#f5f543',
  '--vscode-terminal-ansiBrightCyan': '#29b8db',
  '--vscode-terminal-ansiBrightMagenta': '#d670d6',
  '--vscode-terminal-ansiGreen': '#0dbc79',
  '--vscode-terminal-ansiBlue': '#2472c8',
  '--vscode-terminal-ansiYellow': '#e5e510',
  '--vscode-debugTokenExpression-string': '#ce9178',
  '--vscode-debugTokenExpression-number': '#b5cea8',
};

/**
 * The same variables in Default Light Modern (VS Code 1.100: light_modern.json over the colour
 * registry's light defaults), to check the preview on a light background.
 */
export const LIGHT_THEME: Record<string, string> = {
  '--vscode-font-family': DARK_THEME['--vscode-font-family'],
  '--vscode-font-size': '13px',
  '--vscode-editor-font-family': DARK_THEME['--vscode-editor-font-family'],
  '--vscode-editor-background': '#ffffff',
  '--vscode-editor-foreground': '#3b3b3b',
  '--vscode-editorWidget-background': '#f8f8f8',
  '--vscode-editorWidget-border': '#c8c8c8',
  '--vscode-panel-border': '#e5e5e5',
  '--vscode-descriptionForeground': '#3b3b3b',
  '--vscode-editorLineNumber-foreground': '#6e7681',
  '--vscode-testing-iconPassed': '#73c991',
  '--vscode-editorWarning-foreground': '#bf8803',
  '--vscode-editorError-foreground': '#e51400',
  '--vscode-button-foreground': '#ffffff',
  '--vscode-button-background': '#005fb8',
  '--vscode-button-hoverBackground': '#0258a8',
  '--vscode-button-secondaryForeground': '#3b3b3b',
  '--vscode-button-secondaryBackground': '#e5e5e5',
  '--vscode-button-secondaryHoverBackground': '#cccccc',
  '--vscode-button-border': '#0000001a',
  '--vscode-focusBorder': '#005fb8',
  '--vscode-list-hoverBackground': '#f2f2f2',
  '--vscode-editor-selectionHighlightBackground': '#add6ff80',
  '--vscode-editor-findMatchHighlightBackground': '#ea5c0055',
  '--vscode-diffEditor-removedTextBackground': '#ff000033',
  '--vscode-editorIndentGuide-background1': '#d3d3d3',
  '--vscode-inputValidation-errorBackground': '#f2dede',
  '--vscode-charts-red': '#e51400',
  '--vscode-charts-blue': '#1a85ff',
  '--vscode-charts-yellow': '#bf8803',
  '--vscode-charts-green': '#388a34',
  '--vscode-charts-purple': '#652d90',
  '--vscode-charts-orange': '#d18616',
  '--vscode-terminal-ansiCyan': '#0598bc',
  '--vscode-terminal-ansiMagenta': '#bc05bc',
  '--vscode-terminal-ansiBrightGreen': '#14ce14',
  '--vscode-terminal-ansiBrightBlue': '#0451a5',
  '--vscode-terminal-ansiWhite': '#555555',
  '--vscode-terminal-ansiBrightYellow': '#b5ba00',
  '--vscode-terminal-ansiBrightCyan': '#0598bc',
  '--vscode-terminal-ansiBrightMagenta': '#bc05bc',
  '--vscode-terminal-ansiGreen': '#107c10',
  '--vscode-terminal-ansiBlue': '#0451a5',
  '--vscode-terminal-ansiYellow': '#949800',
  '--vscode-debugTokenExpression-string': '#a31515',
  '--vscode-debugTokenExpression-number': '#098658',
};
