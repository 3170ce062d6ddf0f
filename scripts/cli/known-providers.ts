// Names, domains and terms URLs for documents named after well-known services (the catalogue's
// facts first, then a few more); anything else gets a slug from its file name and a guessed .com
// domain (edit it later with `provider update`).
import { fileURLToPath } from 'node:url';
import { loadCatalogue, type CatalogueEntry } from '../../src/tracker/catalogue.js';

const CATALOGUE = fileURLToPath(new URL('../../db/catalogue/providers.json', import.meta.url));
let catalogue: Map<string, CatalogueEntry> | null = null;

const keyOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');
interface KnownProvider {
  slug: string;
  name: string;
  domain: string;
  tos_url: string;
  description: string;
}

const KNOWN: Record<string, [name: string, domain: string, tosUrl: string]> = {
  bereal: ['BeReal', 'bere.al', 'https://bere.al/en/terms'],
  bluesky: ['Bluesky', 'bsky.social', 'https://bsky.social/about/support/tos'],
  facebook: ['Facebook', 'facebook.com', 'https://www.facebook.com/terms.php'],
  instagram: ['Instagram', 'instagram.com', 'https://help.instagram.com/581066165581870'],
  line: ['LINE', 'line.me', 'https://terms.line.me/line_terms'],
  linkedin: ['LinkedIn', 'linkedin.com', 'https://www.linkedin.com/legal/user-agreement'],
  pinterest: ['Pinterest', 'pinterest.com', 'https://policy.pinterest.com/en/terms-of-service'],
  quora: ['Quora', 'quora.com', 'https://www.quora.com/about/tos'],
  reddit: ['Reddit', 'reddit.com', 'https://redditinc.com/policies/user-agreement'],
  snapchat: ['Snapchat', 'snapchat.com', 'https://snap.com/en-US/terms'],
  spotify: ['Spotify', 'spotify.com', 'https://www.spotify.com/legal/end-user-agreement/'],
  telegram: ['Telegram', 'telegram.org', 'https://telegram.org/tos'],
  threads: ['Threads', 'threads.net', 'https://help.instagram.com/769983657850450'],
  tiktok: ['TikTok', 'tiktok.com', 'https://www.tiktok.com/legal/terms-of-service'],
  truthsocial: ['Truth Social', 'truthsocial.com', 'https://truthsocial.com/terms-of-service'],
  tumblr: ['Tumblr', 'tumblr.com', 'https://www.tumblr.com/policy/en/terms-of-service'],
  twitch: ['Twitch', 'twitch.tv', 'https://www.twitch.tv/p/legal/terms-of-service/'],
  twitter: ['Twitter', 'twitter.com', 'https://twitter.com/tos'],
  wechat: ['WeChat', 'wechat.com', 'https://www.wechat.com/en/service_terms.html'],
  whatsapp: ['WhatsApp', 'whatsapp.com', 'https://www.whatsapp.com/legal/terms-of-service'],
  x: ['X', 'x.com', 'https://x.com/en/tos'],
  youtube: ['YouTube', 'youtube.com', 'https://www.youtube.com/t/terms'],
};

export function knownProvider(fileName: string): KnownProvider {
  const key = keyOf(fileName);
  catalogue ??= new Map(loadCatalogue(CATALOGUE).map((e) => [keyOf(e.name), e]));
  const entry = catalogue.get(key);
  if (entry)
    return {
      slug: entry.slug,
      name: entry.name,
      domain: entry.domain,
      tos_url: entry.terms_url ?? `https://${entry.domain}/`,
      description: `Terms of Service of ${entry.name}.`,
    };
  const known = KNOWN[key];
  const slug = known ? known[1] : `${key}.com`;
  const [name, domain, tosUrl] = known ?? [fileName, `${key}.com`, `https://${key}.com/terms`];
  return { slug, name, domain, tos_url: tosUrl, description: `Terms of Service of ${name}.` };
}
