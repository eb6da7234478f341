import { EXAMPLE_OPERATIONS } from './example-operations.js';
import { renderPlaygroundPage } from './playground-page.js';

function embeddedConfig(html: string): { endpoint: string; tabs: Array<{ query: string; variables?: string }> } {
  const match = /<script id="arbiter-playground-config" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no playground config in the page');
  return JSON.parse(match[1]);
}

describe('renderPlaygroundPage', () => {
  const html = renderPlaygroundPage({ endpoint: '/graphql' });

  it.each([
    '/playground/assets/react.production.min.js',
    '/playground/assets/react-dom.production.min.js',
    '/playground/assets/graphiql.min.js',
    '/playground/assets/graphiql.min.css',
    '/playground/assets/graphql-ws.min.js',
  ])('loads %s from Arbiter itself', (asset) => {
    expect(html).toContain(`"${asset}"`);
  });

  it('loads nothing from another host', () => {
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it('opens with the campaign management operations', () => {
    const names = embeddedConfig(html).tabs.map((tab) => /^(query|mutation|subscription) (\w+)/m.exec(tab.query)?.[2]);
    expect(names).toEqual(['Campaigns', 'CreateCampaign', 'AddMember', 'CreateDeck', 'DrawCards', 'RotateSeed', 'CampaignEvents']);
  });

  it('gives every example operation variables that parse', () => {
    for (const tab of EXAMPLE_OPERATIONS) {
      if (tab.variables !== undefined) expect(() => JSON.parse(tab.variables!)).not.toThrow();
    }
  });

  it('cannot be broken out of by a tab that contains a closing script tag', () => {
    const page = renderPlaygroundPage({ endpoint: '/graphql', tabs: [{ query: '# </script><script>alert(1)</script>' }] });
    expect(page).not.toContain('</script><script>alert(1)');
    expect(embeddedConfig(page).tabs[0].query).toBe('# </script><script>alert(1)</script>');
  });

  it('sends the key and a JSON content type with every request', () => {
    expect(html).toContain("'content-type': 'application/json'");
    expect(html).toContain("authorization: 'Bearer ' + apiKey");
  });
});
