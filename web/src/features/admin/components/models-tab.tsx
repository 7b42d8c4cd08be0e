import { defaultExpertModelConfig, EXPERT_NAMES, EXPERTS, type Expert, type TenantConfig } from '@mw/sync-protocol'
import { ModelForm } from './model-form.tsx'

export function ModelsTab({ models }: { models: TenantConfig['models'] | null }) {
  return (
    <div className="stack">
      {EXPERTS.map((expert: Expert) => (
        <ModelForm
          key={expert}
          expert={expert}
          title={`${EXPERT_NAMES[expert]} Expert`}
          initial={models?.[expert] ?? defaultExpertModelConfig()}
        />
      ))}
    </div>
  )
}
