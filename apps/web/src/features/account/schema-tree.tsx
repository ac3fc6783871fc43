import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { SchemaNode } from './api-reference.rules.ts';

export const MONO_FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** Enum values drawn before "… and N more": a long list (font names) would bury the fields. */
const SHOWN_VALUES = 16;

const CUT_NOTES: Record<NonNullable<SchemaNode['cut']>, string> = {
  cycle: 'Repeats a schema it is inside (see above).',
  depth: 'Deeper fields left out here: see openapi.json.',
};

type FieldNode = SchemaNode & { location?: string };

/**
 * Issue 36: a schema (a body, a response, a webhook payload) as an indented list of its fields,
 * each with its type, whether it is required, its allowed values and limits.
 */
export function SchemaTree({ tree }: { tree: SchemaNode }) {
  // NOTE: an object root is just its fields; any other root (an array, a file) says what it is.
  const showRoot = tree.type !== 'object' || tree.children.length === 0 || !!tree.description;
  return (
    <Box sx={{ minWidth: 0 }}>
      {showRoot ? <FieldLine node={tree} /> : null}
      {tree.children.length > 0 ? <FieldList nodes={tree.children} nested={showRoot} /> : null}
      {tree.cut ? <CutNote cut={tree.cut} /> : null}
    </Box>
  );
}

/** Fields one under another; nested ones indented beside a rule. */
export function FieldList({ nodes, nested = false }: { nodes: FieldNode[]; nested?: boolean }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        ...(nested && { ml: 0.75, pl: { xs: 1.25, sm: 2 }, borderLeft: 2, borderColor: 'divider' }),
      }}
    >
      {nodes.map((node, index) => (
        <Box component="li" key={`${node.name ?? ''}-${index}`} sx={{ minWidth: 0 }}>
          <FieldLine node={node} />
          {node.children.length > 0 ? <FieldList nodes={node.children} nested /> : null}
          {node.cut ? <CutNote cut={node.cut} /> : null}
        </Box>
      ))}
    </Box>
  );
}

function FieldLine({ node }: { node: FieldNode }) {
  const values = node.values ?? [];
  return (
    <Box sx={{ py: 0.5, minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          columnGap: 1,
          rowGap: 0.25,
        }}
      >
        {node.name ? (
          <Typography
            component="code"
            sx={{ fontFamily: MONO_FONT, fontSize: 13, fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {node.name}
          </Typography>
        ) : null}
        <Typography
          component="span"
          sx={{ fontFamily: MONO_FONT, fontSize: 13, color: 'primary.dark' }}
        >
          {node.type}
          {node.nullable ? ' | null' : ''}
        </Typography>
        {node.required ? (
          <Typography
            component="span"
            variant="caption"
            sx={{ color: 'error.main', fontWeight: 700 }}
          >
            required
          </Typography>
        ) : null}
        {node.location ? <Note>in {node.location}</Note> : null}
        {(node.limits ?? []).map((limit) => (
          <Note key={limit}>{limit}</Note>
        ))}
        {node.defaultValue === undefined ? null : <Note>default {node.defaultValue}</Note>}
      </Box>
      {values.length > 0 ? (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}
          aria-label={`Values of ${node.name ?? 'the schema'}`}
        >
          {values.slice(0, SHOWN_VALUES).map((value) => (
            <Chip
              key={value}
              size="small"
              variant="outlined"
              label={value}
              sx={{ fontFamily: MONO_FONT, fontWeight: 500, height: 22, maxWidth: '100%' }}
            />
          ))}
          {values.length > SHOWN_VALUES ? (
            <Note>… and {values.length - SHOWN_VALUES} more</Note>
          ) : null}
        </Box>
      ) : null}
      {node.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, maxWidth: '70ch' }}>
          {node.description}
        </Typography>
      ) : null}
    </Box>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      sx={{ overflowWrap: 'anywhere' }}
    >
      {children}
    </Typography>
  );
}

function CutNote({ cut }: { cut: NonNullable<SchemaNode['cut']> }) {
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      sx={{ display: 'block', ml: 2, fontStyle: 'italic' }}
    >
      {CUT_NOTES[cut]}
    </Typography>
  );
}
