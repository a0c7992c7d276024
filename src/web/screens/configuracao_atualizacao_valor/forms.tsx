import { ConfiguracaoAtualizacaoValorInputs } from '@generated/web/configuracao_atualizacao_valor/Inputs';
import { settingForms } from '../financeiro/settingForms';

export const { Create, Edit } = settingForms('value_update', ConfiguracaoAtualizacaoValorInputs);
