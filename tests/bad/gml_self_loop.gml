graph [
  node [ id 0 label "a" ]
  edge [ source 0 target 0 ]
]
