import { ConfiguracaoAtualizacaoJurosInputs } from '@generated/web/configuracao_atualizacao_juros/Inputs';
import { settingForms } from '../financeiro/settingForms';

export const { Create, Edit } = settingForms('interest_update', ConfiguracaoAtualizacaoJurosInputs);
