import { Button, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { isRecord, optionsOf, textOf, withOption } from '../common/properties/edit.ts';
import type { SectionProps } from '../common/properties/types.ts';

type Node = Record<string, unknown>;

const childrenOf = (node: Node): Node[] => (Array.isArray(node.children) ? node.children.filter(isRecord) : []);

/** The tree with the node at `path` replaced (null removes it). */
function replaceAt(nodes: Node[], path: readonly number[], next: Node | null): Node[] {
  const [head, ...rest] = path;
  return nodes.flatMap((node, i) => {
    if (i !== head) return [node];
    if (rest.length === 0) return next ? [next] : [];
    return [{ ...node, children: replaceAt(childrenOf(node), rest, next) }];
  });
}

/** Cascader options: value, label and children, edited level by level. */
export function CascadeTree({ control, onChange }: SectionProps) {
  const roots = Array.isArray(optionsOf(control).options) ? (optionsOf(control).options as unknown[]).filter(isRecord) : [];
  const set = (next: Node[]) => onChange(withOption(control, 'options', next));
  const label = (path: readonly number[]) => path.map((i) => i + 1).join('-');
  const newNode = (siblings: number, path: readonly number[]) => {
    const name = `选项${label([...path, siblings])}`;
    return { value: name, label: name };
  };
  const render = (nodes: Node[], path: number[]) =>
    nodes.map((node, i) => {
      const here = [...path, i];
      const kids = childrenOf(node);
      return (
        <div key={here.join('.')} className="props-tree-node" style={{ paddingLeft: path.length * 12 }}>
          <Space.Compact block>
            <Input size="small" aria-label={`选项${label(here)}值`} placeholder="值" value={textOf(node.value)} onChange={(e) => set(replaceAt(roots, here, { ...node, value: e.target.value }))} />
            <Input size="small" aria-label={`选项${label(here)}名称`} placeholder="名称" value={textOf(node.label)} onChange={(e) => set(replaceAt(roots, here, { ...node, label: e.target.value }))} />
            <Button
              size="small"
              icon={<SubnodeOutlined />}
              aria-label={`添加选项${label(here)}的下级`}
              onClick={() => set(replaceAt(roots, here, { ...node, children: [...kids, newNode(kids.length, here)] }))}
            />
            <Button size="small" icon={<DeleteOutlined />} aria-label={`删除选项${label(here)}`} onClick={() => set(replaceAt(roots, here, null))} />
          </Space.Compact>
          {render(kids, here)}
        </div>
      );
    });
  return (
    <div className="props-rows" aria-label="级联选项">
      {render(roots, [])}
      <Button size="small" type="dashed" block icon={<PlusOutlined />} onClick={() => set([...roots, newNode(roots.length, [])])}>
        添加一级选项
      </Button>
    </div>
  );
}
