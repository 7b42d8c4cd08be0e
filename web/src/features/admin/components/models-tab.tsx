import { defaultExpertModelConfig, EXPERT_NAMES, EXPERTS, type Expert, type TenantConfig } from '@mw/sync-protocol'
import { useTenant } from '../../../lib/use-tenant.ts'
import { useProviderKeys } from '../hooks/use-provider-keys.ts'
import { EmbeddingForm } from './embedding-form.tsx'
import { ModelForm } from './model-form.tsx'

export function ModelsTab({ models, isAdmin }: { models: TenantConfig['models'] | null; isAdmin: boolean }) {
  const tenant = useTenant()
  const keys = useProviderKeys(tenant)
  return (
    <div className="stack">
      {EXPERTS.map((expert: Expert) => (
        <ModelForm
          key={expert}
          expert={expert}
          title={`${EXPERT_NAMES[expert]} Expert`}
          initial={models?.[expert] ?? defaultExpertModelConfig()}
          keys={keys}
          isAdmin={isAdmin}
        />
      ))}
      <EmbeddingForm tenant={tenant} isAdmin={isAdmin} />
    </div>
  )
}
