{{/* Chart name, truncated to the 63 characters Kubernetes allows. */}}
{{- define "neqsim-ts.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "neqsim-ts.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "neqsim-ts.selectorLabels" -}}
app.kubernetes.io/name: {{ include "neqsim-ts.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "neqsim-ts.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "neqsim-ts.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "neqsim-ts.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "neqsim-ts.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "neqsim-ts.adminSecretName" -}}
{{- if .Values.adminToken.existingSecret }}
{{- .Values.adminToken.existingSecret }}
{{- else }}
{{- include "neqsim-ts.fullname" . }}
{{- end }}
{{- end }}

{{- define "neqsim-ts.redisSecretName" -}}
{{- if .Values.redis.existingSecret }}
{{- .Values.redis.existingSecret }}
{{- else }}
{{- printf "%s-redis" (include "neqsim-ts.fullname" .) }}
{{- end }}
{{- end }}
