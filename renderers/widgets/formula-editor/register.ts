/**
 * Registers formulaEditor with the form widgets (form-widgets.ts imports this module); its code, the
 * formula language's functions and antd's tabs load when a form first shows it.
 */
import { lazyWidget } from '../../form/lazy-widget.tsx';
import { registerWidget, widgetComponent } from '../registry.ts';

export const FORMULA_EDITOR_WIDGET = 'formulaEditor';

if (!widgetComponent(FORMULA_EDITOR_WIDGET))
  registerWidget(
    FORMULA_EDITOR_WIDGET,
    lazyWidget(() => import('./FormulaEditorWidget.tsx')),
  );
