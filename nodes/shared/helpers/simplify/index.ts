/**
 * How much of a record the Get and Get Many operations output, for both API versions. In a workflow: n8n's
 * Simplify toggle (on by default), a few flattened fields a seller reads first instead of the whole record. Used
 * by an AI agent as a tool, the node instead offers Output: Simplified, Raw or Selected Fields, because what the
 * agent reads costs tokens and the agent cannot open the nested record the way a person does in the output panel.
 *
 * One module per concern: shape.ts (what a record outputs), fields.ts (builders of output fields), properties.ts
 * (the form), shaper.ts (what an item outputs at run time); this index is the one import path.
 */
export * from './fields';
export * from './properties';
export * from './shape';
export * from './shaper';
