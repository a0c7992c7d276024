import { ConfiguracaoAtualizacaoMultasInputs } from '@generated/web/configuracao_atualizacao_multas/Inputs';
import { settingForms } from '../financeiro/settingForms';

export const { Create, Edit } = settingForms('forfeit_update', ConfiguracaoAtualizacaoMultasInputs);
