{{- define "svc.addrs" -}}
{{- range $name, $c := .Values.components }}
{{- if not $c.http }}
- name: SVC_{{ upper $name }}_ADDR
  value: "{{ $.Release.Name }}-{{ $name }}:{{ $c.port }}"
{{- end }}
{{- end }}
{{- end -}}
