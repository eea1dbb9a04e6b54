import { Events } from './events';

const SECRET_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Obsidian's `SecretStorage` (1.11.4): secrets by id, kept out of plugin data. Ids are lowercase
 * alphanumeric with optional dashes; `setSecret` throws on any other id, as documented.
 */
export class SecretStorage extends Events {
  private readonly secrets = new Map<string, string>();

  /** Stores a secret. */
  setSecret(id: string, secret: string): void {
    if (!SECRET_ID.test(id)) throw new Error(`Invalid secret ID "${id}": use lowercase letters, digits and dashes.`);
    this.secrets.set(id, secret);
  }

  /** The secret, or null. */
  getSecret(id: string): string | null {
    return this.secrets.get(id) ?? null;
  }

  /** Every secret id. */
  listSecrets(): string[] {
    return [...this.secrets.keys()];
  }
}
