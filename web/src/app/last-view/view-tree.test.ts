import { afterEach, describe, expect, it } from 'vitest'
import { forgetViews, type KeptView, keepView, keptView, MAX_VIEWS, nodesOf, treeOf, viewKey } from './view-tree.ts'

function htmlOf(nodes: Node[]) {
  const box = document.createElement('div')
  box.append(...nodes)
  return box.innerHTML
}

afterEach(() => localStorage.clear())

describe('the kept last view', () => {
  it('keeps elements, text, classes, aria and same-origin links as they were drawn', () => {
    const root = document.createElement('div')
    root.innerHTML =
      '<main class="page"><h1>Cases</h1><ul role="list"><li data-row="1"><a href="/t/demo/cases/c1" aria-label="Open">Gyro &lt;noise&gt; &amp; heat</a></li></ul>' +
      '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M1 1h2"></path></svg></main>'
    const tree = treeOf(root)
    expect(tree).toBeDefined()
    const rebuilt = nodesOf(JSON.parse(JSON.stringify(tree)), document)
    expect(htmlOf(rebuilt)).toBe(root.innerHTML)
    const svg = (rebuilt[0] as Element).querySelector('svg')
    expect(svg?.namespaceURI).toBe('http://www.w3.org/2000/svg')
  })

  it('leaves out scripts, frames, handlers, ids, values and links that leave the app', () => {
    const root = document.createElement('div')
    root.innerHTML =
      '<div id="x" onclick="alert(1)" class="a"><script>alert(1)</script><iframe src="/x"></iframe>' +
      '<a href="javascript:alert(1)">one</a><a href="//evil.example/">two</a><a href="https://evil.example/">three</a>' +
      '<input value="secret draft" placeholder="Search"><img src="/x.png" onerror="alert(1)"><style>*{}</style></div>'
    const html = htmlOf(nodesOf(treeOf(root), document))
    expect(html).toBe('<div class="a"><a>one</a><a>two</a><a>three</a><input placeholder="Search"></div>')
  })

  it('checks a stored tree again: hostile storage draws nothing that can run', () => {
    const hostile = [
      ['script', {}, ['alert(1)']],
      ['div', { onclick: 'alert(1)', class: 'ok', href: 'javascript:alert(1)', id: 'clobber' }, ['text']],
      ['a', { href: 'javascript:alert(1)' }, []],
      [
        'svg',
        {},
        [
          ['script', {}, ['alert(1)']],
          ['foreignObject', {}, [['iframe', { src: '/' }, []]]],
        ],
      ],
      ['img', { src: 'x', onerror: 'alert(1)' }, []],
      ['div', 'not attributes', []],
      42,
      null,
    ]
    const html = htmlOf(nodesOf(hostile, document))
    expect(html).toBe('<div class="ok">text</div><a></a><svg></svg>')
    expect(nodesOf('not a tree', document)).toEqual([])
  })

  it('keeps the place of live state but not its stale content', () => {
    const root = document.createElement('div')
    root.innerHTML =
      '<header><button class="sync-indicator" data-live aria-label="Sync status: Synced"><span>Synced</span></button></header>'
    expect(htmlOf(nodesOf(treeOf(root), document))).toBe('<header><button class="sync-indicator"></button></header>')
  })

  it('refuses a view too big to keep', () => {
    const root = document.createElement('div')
    for (let i = 0; i < 5000; i++) root.append(document.createElement('span'))
    expect(treeOf(root)).toBeUndefined()
  })

  it('keeps the newest views only, per user, tenant and address, and forgets a user on sign-out', () => {
    const view: KeptView = { rows: 'cases', build: '/assets/index-1.js', tree: ['row'] }
    for (let i = 0; i < MAX_VIEWS + 2; i++) keepView(localStorage, viewKey('u1', 'demo', `/t/demo/cases?${i}`), view)
    keepView(localStorage, viewKey('u2', 'demo', '/t/demo/cases'), view)
    expect(keptView(localStorage, viewKey('u1', 'demo', '/t/demo/cases?0'), view.build)).toBeUndefined()
    expect(keptView(localStorage, viewKey('u1', 'demo', `/t/demo/cases?${MAX_VIEWS + 1}`), view.build)).toEqual(view)
    // Another build of the app does not draw it.
    expect(
      keptView(localStorage, viewKey('u1', 'demo', `/t/demo/cases?${MAX_VIEWS + 1}`), '/assets/index-2.js'),
    ).toBeUndefined()
    expect(keptView(localStorage, viewKey('u2', 'other', '/t/demo/cases'), view.build)).toBeUndefined()
    forgetViews(localStorage, 'u1')
    expect(Object.keys(localStorage).filter((k) => k.startsWith('mw:view:u1:'))).toEqual([])
    expect(keptView(localStorage, viewKey('u2', 'demo', '/t/demo/cases'), view.build)).toEqual(view)
  })

  it('reads a damaged entry as nothing kept', () => {
    localStorage.setItem(viewKey('u1', 'demo', '/t/demo'), '{not json')
    expect(keptView(localStorage, viewKey('u1', 'demo', '/t/demo'), '')).toBeUndefined()
    localStorage.setItem(viewKey('u1', 'demo', '/t/demo'), JSON.stringify({ rows: 1, build: '', tree: 'x' }))
    expect(keptView(localStorage, viewKey('u1', 'demo', '/t/demo'), '')).toBeUndefined()
  })
})
