/**
 * antd's Select, loaded when first used (issue 29): a list page shows a select in its search form
 * and in its pager's page-size changer, but nobody opens one before the rows are there, and Select
 * with its option list and styles is some 18 KB gzip. Until then a read-only input of the same size
 * shows the choice (or the placeholder); pointing at it starts loading, and pressing or focusing it
 * puts the real Select in its place — focused, and open when it was pressed. Once loaded, every
 * LazySelect is the real one straight away. The pager gets it through the antd shims
 * (tools/vite-antd-shims.ts).
 */
import { lazy, Suspense, useState, type CSSProperties, type ReactNode } from 'react';
import type { SelectProps } from 'antd';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import Input from 'antd/es/input/Input';
import './lazy-select.css';

let loading: Promise<{ default: React.ComponentType<SelectProps> }> | undefined;
let loaded = false;
const loadSelect = () =>
  (loading ??= import('antd/es/select').then((module) => {
    loaded = true;
    return { default: module.default as unknown as React.ComponentType<SelectProps> };
  }));
const Select = lazy(loadSelect);

type Option = { value?: unknown; label?: ReactNode; options?: Option[] };

/** The labels of the chosen values, as the Select would show them. */
function shownText(props: SelectProps): string {
  const values = Array.isArray(props.value) ? props.value : props.value == null ? [] : [props.value];
  const flat = ((props.options ?? []) as Option[]).flatMap((o) => (o.options ? o.options : [o]));
  return values
    .map((value) => {
      const label = flat.find((o) => o.value === value)?.label;
      return typeof label === 'string' || typeof label === 'number' ? String(label) : String(value);
    })
    .join('，');
}

/**
 * A Select without a width of its own (the pager's size changer) is as wide as its text: the
 * stand-in too, not the full width an input takes.
 */
function widthOf(text: string): number {
  const wide = [...text].filter((c) => c.charCodeAt(0) > 0x2e80).length;
  return (text.length - wide) * 8 + wide * 14 + 44;
}

function StandIn({ props, activate }: { props: SelectProps; activate: (open: boolean) => void }) {
  const shown = shownText(props);
  const style = (props.style as CSSProperties | undefined) ?? {
    width: widthOf(shown || (typeof props.placeholder === 'string' ? props.placeholder : '')),
  };
  return (
    <Input
      id={props.id}
      readOnly
      className={`mf-lazy-select ${props.className ?? ''}`}
      style={style}
      size={props.size}
      disabled={props.disabled}
      aria-label={props['aria-label']}
      // What it stands for: a closed combobox (its list opens once pressed).
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      placeholder={typeof props.placeholder === 'string' ? props.placeholder : undefined}
      value={shown}
      suffix={<DownOutlined className="mf-lazy-select-arrow" />}
      onPointerEnter={() => void loadSelect()}
      onMouseDown={(event) => {
        event.preventDefault();
        activate(true);
      }}
      onFocus={() => activate(false)}
    />
  );
}

export default function LazySelect(props: SelectProps) {
  // How the user reached for it: the real Select then takes the focus, and opens when pressed.
  const [wanted, setWanted] = useState<null | { open: boolean }>(null);
  if (!wanted && !loaded) return <StandIn props={props} activate={(open) => setWanted({ open })} />;
  return (
    <Suspense fallback={<StandIn props={props} activate={() => undefined} />}>
      <Select
        {...props}
        autoFocus={props.autoFocus || wanted !== null}
        defaultOpen={props.defaultOpen || wanted?.open === true}
      />
    </Suspense>
  );
}
