/**
 * The favourites panel's list: click to open, × to remove, drag (or the keyboard: space, arrows,
 * space) to reorder. Its own chunk with dnd-kit, loaded when the panel first opens, so the shell does
 * not carry it.
 */
import { Button, Tooltip } from 'antd';
import { CloseOutlined, HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';
import { movedIds, type ShownFavourite } from './favourite-rules.ts';

type Item = ShownFavourite & { label: string };

function FavouriteRow({ item, onOpen, onRemove }: { item: Item; onOpen: () => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  return (
    <li
      ref={setNodeRef}
      className={`mf-favourite${isDragging ? ' mf-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="favourite-item"
    >
      <span
        className="mf-favourite-handle"
        {...attributes}
        {...listeners}
        aria-label={t('favourites.drag', { name: item.label })}
      >
        <HolderOutlined />
      </span>
      <Button type="link" className="mf-favourite-open" onClick={onOpen}>
        {item.label}
      </Button>
      <Tooltip title={t('favourites.remove')}>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('favourites.removeOne', { name: item.label })}
          onClick={onRemove}
        />
      </Tooltip>
    </li>
  );
}

export default function FavouriteList({
  items,
  onOpen,
  onRemove,
  onReorder,
}: {
  items: Item[];
  onOpen: (item: Item) => void;
  onRemove: (item: Item) => void;
  onReorder: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(
      movedIds(
        items.map((f) => f.id),
        String(active.id),
        String(over.id),
      ),
    );
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((f) => f.id)} strategy={verticalListSortingStrategy}>
        <ul className="mf-favourite-list" aria-label={t('favourites.title')}>
          {items.map((item) => (
            <FavouriteRow
              key={item.id}
              item={item}
              onOpen={() => onOpen(item)}
              onRemove={() => onRemove(item)}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
