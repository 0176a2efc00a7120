/**
 * Comments (and test titles) must not cite documents that are not in this repository: a maintainer cannot open
 * the product specification, the old design notes or the issue tracker from a clone. Point into docs/ instead
 * (docs/decisions/0023-lint-and-boundaries.md).
 */
export const outsideCitation = /\bspec\s*§|§\s*\d+(?!\s*Nr\.)|\bDESIGN\.md\b|\bissue\s+#?\d+/i;

/** @type {import('eslint').Rule.RuleModule} */
export const noOutsideCitations = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Forbid citations of documents outside the repository (spec §N, DESIGN.md, issue N).' },
    messages: {
      cite: 'Cites "{{what}}", which is not in this repository: point into docs/ or explain in plain words.',
    },
    schema: [],
  },
  create(context) {
    const check = (node, text, loc) => {
      const match = typeof text === 'string' ? outsideCitation.exec(text) : null;
      if (match) context.report({ node, loc, messageId: 'cite', data: { what: match[0] } });
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) check(comment, comment.value, comment.loc);
      },
      Literal(node) {
        check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked);
      },
    };
  },
};
