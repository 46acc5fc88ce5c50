import type { APIRoute } from 'astro';
import { faviconSvg } from '../components/mark';

/** The favicon as a file, for what links to it: search engines (the landing page's JSON-LD) and the local inbox. */
export const GET: APIRoute = () => new Response(faviconSvg, { headers: { 'content-type': 'image/svg+xml' } });
