// The Bamboo extension: starts `bambooc lsp` for `.bb` files and adds a
// command that asks the server to write the open program's CSTG.

import * as vscode from "vscode";
import {
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
} from "vscode-languageclient/node";

let client: LanguageClient | undefined;

function serverOptions(): ServerOptions {
  const path = vscode.workspace
    .getConfiguration("bamboo")
    .get<string>("server.path", "bambooc");
  // The server speaks LSP over standard input and output.
  return { command: path, args: ["lsp"] };
}

async function start(): Promise<void> {
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "bamboo" },
      { scheme: "untitled", language: "bamboo" },
    ],
  };
  client = new LanguageClient(
    "bamboo",
    "Bamboo (bambooc lsp)",
    serverOptions(),
    clientOptions,
  );
  await client.start();
}

async function writeCstg(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!client || !editor || editor.document.languageId !== "bamboo") {
    vscode.window.showWarningMessage("Open a Bamboo (.bb) file first.");
    return;
  }
  try {
    const path: string = await client.sendRequest(ExecuteCommandRequest.type, {
      command: "bambooc.writeCstg",
      arguments: [editor.document.uri.toString()],
    });
    vscode.window.showInformationMessage(`CSTG written to ${path}`);
  } catch (e) {
    vscode.window.showErrorMessage(`bambooc: ${(e as Error).message}`);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand("bamboo.writeCstg", writeCstg),
    vscode.commands.registerCommand("bamboo.restartServer", async () => {
      await client?.stop();
      await start();
    }),
  );
  try {
    await start();
  } catch (e) {
    vscode.window.showErrorMessage(
      `Cannot start \`bambooc lsp\` (${(e as Error).message}); ` +
        "set bamboo.server.path to the bambooc executable.",
    );
  }
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
