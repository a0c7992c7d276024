import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import {
  LinkBubbleMenu,
  LinkBubbleMenuHandler,
  MenuButtonBlockquote,
  MenuButtonBold,
  MenuButtonBulletedList,
  MenuButtonEditLink,
  MenuButtonItalic,
  MenuButtonOrderedList,
  MenuButtonRedo,
  MenuButtonStrikethrough,
  MenuButtonUnderline,
  MenuButtonUndo,
  MenuControlsContainer,
  MenuDivider,
  MenuSelectHeading,
  RichTextEditor,
} from 'mui-tiptap';

export interface RichTextEditorProps {
  id: string;
  label: string;
  value: string;
  onChange(html: string): void;
  onBlur(): void;
  invalid: boolean;
}

/** Only what the server's sanitiser keeps: headings 1–4, no images, links to http(s) and mailto opening apart. */
const EXTENSIONS = [
  StarterKit.configure({ link: false, heading: { levels: [1, 2, 3, 4] } }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: 'https',
    protocols: ['http', 'https', 'mailto'],
    HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
  }),
  LinkBubbleMenuHandler,
];

/** The editor itself, a chunk of its own (RichTextInput loads it). The form's value is its HTML, '' when empty. */
export default function RichTextEditorField({ id, label, value, onChange, onBlur, invalid }: RichTextEditorProps) {
  return (
    <RichTextEditor
      extensions={EXTENSIONS}
      content={value}
      immediatelyRender={false}
      editorProps={{ attributes: { id, 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', ...(invalid ? { 'aria-invalid': 'true' } : {}) } }}
      onUpdate={({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML())}
      onBlur={() => onBlur()}
      RichTextFieldProps={{ variant: 'outlined' }}
      sx={{ '& .ProseMirror': { minHeight: 160 }, ...(invalid ? { '& .MuiTiptap-FieldContainer-notchedOutline': { borderColor: 'error.main' } } : {}) }}
      renderControls={() => (
        <MenuControlsContainer>
          <MenuSelectHeading labels={HEADING_LABELS} tooltipTitle="Estilo do texto" />
          <MenuDivider />
          <MenuButtonBold tooltipLabel="Negrito" />
          <MenuButtonItalic tooltipLabel="Itálico" />
          <MenuButtonUnderline tooltipLabel="Sublinhado" />
          <MenuButtonStrikethrough tooltipLabel="Tachado" />
          <MenuDivider />
          <MenuButtonEditLink tooltipLabel="Link" />
          <MenuButtonBulletedList tooltipLabel="Lista" />
          <MenuButtonOrderedList tooltipLabel="Lista numerada" />
          <MenuButtonBlockquote tooltipLabel="Citação" />
          <MenuDivider />
          <MenuButtonUndo tooltipLabel="Desfazer" />
          <MenuButtonRedo tooltipLabel="Refazer" />
        </MenuControlsContainer>
      )}
    >
      {() => <LinkBubbleMenu labels={LINK_LABELS} />}
    </RichTextEditor>
  );
}

const HEADING_LABELS = { paragraph: 'Parágrafo', heading1: 'Título 1', heading2: 'Título 2', heading3: 'Título 3', heading4: 'Título 4', empty: 'Estilo' };

const LINK_LABELS = {
  viewLinkEditButtonLabel: 'Editar',
  viewLinkRemoveButtonLabel: 'Remover',
  editLinkAddTitle: 'Inserir link',
  editLinkEditTitle: 'Editar link',
  editLinkCancelButtonLabel: 'Cancelar',
  editLinkTextInputLabel: 'Texto',
  editLinkHrefInputLabel: 'Endereço',
  editLinkSaveButtonLabel: 'Salvar',
};
